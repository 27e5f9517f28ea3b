import { GAME_AIS } from "@arena/engine/ai/registry";
import { GAME_IDS, getGame } from "@arena/engine/registry";
import { GameInfo, type GamesResponse, TIME_PRESETS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { wordsIn } from "../test-support/words";
import { catalogueOf, levelLabel, maxLevel } from "./games-api";

/** `GET /api/games` as the server writes it from the engine's registries (apps/server games/catalogue.ts). */
const served: GamesResponse = {
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

describe("catalogueOf", () => {
  it("reads every game with its level names, from a body the protocol's schema accepts", () => {
    expect(GameInfo.array().safeParse(served.games).success).toBe(true);
    const catalogue = catalogueOf(served);
    expect(catalogue.ok && catalogue.games.map((g) => g.id)).toEqual(GAME_IDS);
    if (!catalogue.ok) return;
    for (const game of catalogue.games) expect(maxLevel(game)).toBe(GAME_AIS[game.id].levels.length);
    const first = catalogue.games[0]?.aiLevels[2];
    expect(first && levelLabel(first, wordsIn("en", "create"))).toMatch(/^3 · \S/);
  });

  it("leaves out games this build has no module for", () => {
    const go = served.games.slice(0, 1).map((game) => ({ ...game, id: "go" }));
    const extra = { ...served, games: [...served.games, ...go] };
    const catalogue = catalogueOf(extra);
    expect(catalogue.ok && catalogue.games.map((g) => g.id)).toEqual(GAME_IDS);
  });

  it("counts one level when the server lists none", () => {
    expect(maxLevel(undefined)).toBe(1);
  });
});
