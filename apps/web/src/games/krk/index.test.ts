import { getGame } from "@arena/engine/registry";
import { follow } from "@arena/match";
import type { MatchResult } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { createPayload, defaultForm, quickForm } from "../../lobby/create-model";
import { plainText } from "../../lib/names";
import { resultText } from "../../room/room-model";
import { roomView } from "../../room/room-view";
import { ANN, MatchLog } from "../../test-support/match-log";
import { roomWords, wordsIn } from "../../test-support/words";
import { krkWeb } from "./index";

const rules = getGame("krk");

describe("the create form of krk", () => {
  const defaults = defaultForm("krk").options;

  it("sends only the chosen start's own field, which the engine accepts", () => {
    expect(krkWeb.optionsPayload(defaults)).toEqual({ start: "random" });
    const distance = krkWeb.optionsPayload({ ...defaults, start: "distance", distance: 3 });
    expect(distance).toEqual({ start: "distance", distance: 3 });
    expect(rules.parseOptions(distance)).toEqual({ ok: true, value: { start: "distance", distance: 3 } });
    const fen = krkWeb.optionsPayload({ ...defaults, start: "fen", fen: "k7/8/1K6/8/8/8/8/7R w - - 0 1" });
    expect(fen).toEqual({ start: "fen", fen: "k7/8/1K6/8/8/8/8/7R w - - 0 1" });
    expect(rules.parseOptions(fen).ok).toBe(true);
  });

  it("shows the distance and FEN fields only for their start", () => {
    const shown = (start: string) =>
      krkWeb.optionFields
        .filter((field) => krkWeb.showsField?.(field, { ...defaults, start }) ?? true)
        .map((field) => field.key);
    expect(shown("random")).toEqual(["start"]);
    expect(shown("distance")).toEqual(["start", "distance"]);
    expect(shown("fen")).toEqual(["start", "fen"]);
  });

  it("offers the engine's distances, 1 to 16", () => {
    const field = krkWeb.optionFields.find((f) => f.key === "distance");
    expect([field?.min, field?.max]).toEqual([1, 16]);
    for (const distance of [0, 17]) {
      expect(rules.parseOptions(krkWeb.optionsPayload({ start: "distance", distance })).ok).toBe(false);
    }
  });

  it("refuses a bad FEN with the engine's message before anything is sent", () => {
    const built = createPayload(
      {
        ...defaultForm("krk"),
        options: { ...defaults, start: "fen", fen: "8/8/8/8/8/8/3k4/3K3R w - - 0 1" },
      },
      3,
    );
    expect(built).toEqual({
      ok: false,
      problem: "options",
      code: "invalid-options",
      message: "the kings stand next to each other (d1 and d2)",
    });
  });
});

describe("the quick games of krk", () => {
  it("seat the viewer as Black against AL0, or as White against the perfect defender", () => {
    const [survive, mate] = krkWeb.quickGames;
    const black = survive === undefined ? null : createPayload(quickForm("krk", survive), 3);
    expect(survive && wordsIn("en", "games.krk")(survive.label)).toBe("Survive 50 moves");
    expect(black?.ok && black.payload).toMatchObject({
      seats: [{ kind: "ai", level: 2 }, { kind: "open" }],
      sit: 1,
    });
    const white = mate === undefined ? null : createPayload(quickForm("krk", mate), 3);
    expect(mate && wordsIn("en", "games.krk")(mate.label)).toBe("Mate in time");
    expect(white?.ok && white.payload).toMatchObject({
      seats: [{ kind: "open" }, { kind: "ai", level: 3 }],
      sit: 0,
    });
  });
});

/** Ann plays White against the computer from a FEN, the moves given, then the server's result. */
function ended(fen: string, moves: readonly string[], result: MatchResult) {
  const log = new MatchLog("krk", [{ kind: "open" }, { kind: "ai", level: 3 }], undefined, { fen });
  log.add({ type: "seat-joined", seat: 0, user: ANN });
  log.start();
  for (const move of moves) log.move(move);
  log.add({ type: "ended", result, clock: null });
  const followed = follow(log.snapshot());
  if (!followed.ok) throw new Error(followed.message);
  const view = roomView(followed.followed, ANN.id, roomWords("en", "krk").seats);
  const text = resultText(view.model, view.seats, view.web, roomWords("en", "krk"));
  return text === null ? null : { headline: plainText(text.headline), detail: plainText(text.detail) };
}

describe("the result banner of krk", () => {
  it("says mate, without the 1–0 score", () => {
    expect(
      ended("k7/8/1K6/8/8/8/8/7R w - - 0 1", ["Rh8#"], { reason: "normal", winners: [0], scores: [1, 0] }),
    ).toEqual({ headline: "Ann (White) wins", detail: "by checkmate" });
  });

  it("says which rule drew the game", () => {
    const draw: MatchResult = { reason: "normal", winners: [0, 1], scores: [0, 0] };
    expect(ended("7k/6R1/8/4K3/8/8/8/8 w - - 0 1", ["Kf6"], draw)).toEqual({
      headline: "Draw",
      detail: "by stalemate",
    });
    expect(ended("8/8/8/4k3/8/8/8/R3K3 w - - 99 60", ["Kd1"], draw)?.detail).toBe("by the 50-move rule");
  });

  it("keeps the room's wording for endings that are not the rules'", () => {
    expect(
      ended("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", ["Kd1"], { reason: "resign", winners: [1], scores: [0, 1] }),
    ).toEqual({ headline: "Computer (level 3) (Black) wins", detail: "Ann (White) resigned" });
  });
});
