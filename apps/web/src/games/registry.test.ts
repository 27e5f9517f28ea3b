import { GAME_IDS, type GameId, getGame } from "@arena/engine/registry";
import { CLIENT_EVENTS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { createPayload, quickForm } from "../lobby/create-model";
import { othelloWeb } from "./othello/index";
import { webGame, webGameOf } from "./registry";
import type { AnyWebGame } from "./web-game";
import { LOCALES } from "../i18n/locales";
import { wordsIn } from "../test-support/words";

// A registry without an entry for every game of the engine does not compile (checked by `tsc`).
// @ts-expect-error connect-k, dice-of-doom and krk are missing
const partial = { othello: othelloWeb } satisfies Record<GameId, AnyWebGame>;
void partial;

const seatCount = (id: GameId, options: unknown): number => {
  const game = getGame(id);
  const parsed = game.parseOptions(options);
  if (!parsed.ok) throw new Error(`${id}: ${parsed.error.message}`);
  return game.seatCount(parsed.value);
};

describe.each(GAME_IDS)("the web module of %s", (id) => {
  const web = webGame(id);

  it("is found by its id and plays by the engine's rules", () => {
    expect(web.id).toBe(id);
    expect(web.rules).toBe(getGame(id));
    expect(webGameOf(id)).toBe(web);
    // The English catalogue titles a game as its engine does.
    expect(wordsIn("en", "games")(`${id}.title`)).toBe(getGame(id).title);
  });

  it("names and colours every seat the game can have, each differently", () => {
    const max = Math.max(
      ...web.quickGames.map((quick) => seatCount(id, web.optionsPayload(quickForm(id, quick).options))),
      ...(web.optionFields.some((f) => f.key === "players")
        ? [seatCount(id, { players: web.optionFields.find((f) => f.key === "players")?.max })]
        : []),
    );
    const seats = Array.from({ length: max }, (_, seat) => seat);
    for (const locale of LOCALES) {
      const words = wordsIn(locale, `games.${id}`);
      const fallback = wordsIn(locale, `games.${id}`)("seat", { seat: "99", number: 100 });
      expect(new Set(seats.map((s) => web.seatName(s, words))).size).toBe(max);
      for (const seat of seats)
        expect(web.seatName(seat, words)).not.toBe(fallback.replace("100", String(seat + 1)));
    }
    expect(new Set(seats.map((s) => web.seatColor(s))).size).toBe(max);
  });

  it("offers option fields whose defaults and choices the engine accepts", () => {
    const defaults = Object.fromEntries(web.optionFields.map((f) => [f.key, f.initial]));
    expect(getGame(id).parseOptions(web.optionsPayload(defaults)).ok).toBe(true);
    for (const field of web.optionFields) {
      for (const choice of field.choices ?? []) {
        const options = web.optionsPayload({ ...defaults, [field.key]: choice });
        expect(getGame(id).parseOptions(options).ok, `${field.key}=${choice}`).toBe(true);
      }
    }
    expect(getGame(id).parseOptions(web.demo.options).ok).toBe(true);
  });

  it("has quick games against the computer the server accepts, the viewer in its own seat", () => {
    expect(web.quickGames.length).toBeGreaterThan(0);
    expect(new Set(web.quickGames.map((quick) => quick.label)).size).toBe(web.quickGames.length);
    for (const quick of web.quickGames) {
      const built = createPayload(quickForm(id, quick), 3);
      expect(built.ok).toBe(true);
      if (!built.ok) return;
      expect(CLIENT_EVENTS["room:create"].safeParse(built.payload).success).toBe(true);
      expect(built.payload.seats).toHaveLength(seatCount(id, built.payload.options));
      expect(built.payload.seats.some((s) => s.kind === "ai")).toBe(true);
      expect(built.payload.sit).toBe(quick.seats.indexOf("me"));
      expect(built.payload.sit).toBeGreaterThanOrEqual(0);
    }
  });

  it("rows its move list by at least one move", () => {
    expect(web.movesPerRow).toBeGreaterThanOrEqual(1);
  });
});

describe("an unknown game id", () => {
  it("has no web module", () => {
    expect(webGameOf("no-such-game")).toBeNull();
  });
});
