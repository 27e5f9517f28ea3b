import { GAME_AIS } from "@arena/engine/ai/registry";
import { GAME_IDS, getGame } from "@arena/engine/registry";
import { TIME_PRESETS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { wordsIn } from "../test-support/words";
import { levelLabel, maxLevel, parseCatalogue } from "./games-api";

/** `GET /api/games` as the server writes it from the engine's registries (apps/server games/catalogue.ts). */
const served = {
  ok: true,
  timePresets: TIME_PRESETS,
  games: GAME_IDS.map((id) => ({
    id,
    title: getGame(id).title,
    seats: 2,
    defaultOptions: {},
    aiLevels: GAME_AIS[id].levels.map((level, i) => ({
      level: i + 1,
      name: level.name,
      description: level.description,
    })),
  })),
};

describe("parseCatalogue", () => {
  it("reads every game with its level names", () => {
    const catalogue = parseCatalogue(served);
    expect(catalogue.ok && catalogue.games.map((g) => g.id)).toEqual(GAME_IDS);
    if (!catalogue.ok) return;
    for (const game of catalogue.games) expect(maxLevel(game)).toBe(GAME_AIS[game.id].levels.length);
    const first = catalogue.games[0]?.aiLevels[2];
    expect(first && levelLabel(first, wordsIn("en", "create"))).toMatch(/^3 · \S/);
  });

  it("leaves out games this build has no module for", () => {
    const extra = { ...served, games: [...served.games, { ...served.games[0], id: "go" }] };
    const catalogue = parseCatalogue(extra);
    expect(catalogue.ok && catalogue.games.map((g) => g.id)).toEqual(GAME_IDS);
  });

  it("refuses a body that is not a game list", () => {
    expect(parseCatalogue(null).ok).toBe(false);
    expect(parseCatalogue({ games: [{ id: 3 }] }).ok).toBe(false);
  });

  it("counts one level when the server lists none", () => {
    expect(maxLevel(undefined)).toBe(1);
  });
});
