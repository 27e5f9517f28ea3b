import { getGame } from "@arena/engine/registry";
import {
  asMatchId,
  asMillis,
  asVersion,
  type MatchEvent,
  type MatchResult,
  type UserRef,
  type VersionedEvent,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { createClock } from "./clock.js";
import { dayOf, exportFormatsOf, recordFile, recordNames } from "./exports.js";
import { fold, type MatchModel } from "./model.js";

const ada = { id: "u_ada", name: "Ada" } as UserRef;
const bob = { id: "u_bob", name: 'Bob "the rook"' } as UserRef;
const tc = { baseMs: 300_000, incrementMs: 3_000 };
// 2026-11-27, noon UTC: the records' date.
const CREATED = Date.UTC(2026, 10, 27, 12);

/**
 * A finished match of Ada (seat 0) and Bob from `options`, with `moves` played in turn after `opening`
 * (a tournament pair's, played before the start).
 */
function finished(
  gameId: "othello" | "krk",
  options: unknown,
  moves: readonly string[],
  result: MatchResult,
  ai = false,
  opening: readonly string[] = [],
): MatchModel {
  const game = getGame(gameId);
  const parsed = game.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const clock = createClock(tc, 2, 0, CREATED);
  let state = game.initial(parsed.value, 1);
  const play = (text: string): MatchEvent => {
    const seat = game.toMove(state)[0] ?? 0;
    const move = game.parseMove(state, text);
    if (!move.ok) throw new Error(move.error.message);
    const next = game.play(state, move.value, seat);
    if (!next.ok) throw new Error(next.error.message);
    const event: MatchEvent = {
      type: "moved",
      seat,
      move: game.formatMove(state, move.value),
      forced: false,
      clock,
    };
    state = next.value;
    return event;
  };
  opening.forEach(play);
  const start = state;
  const played = moves.map(play);
  const events: MatchEvent[] = [
    {
      type: "created",
      gameId,
      options: parsed.value,
      timeControl: tc,
      seats: [{ kind: "open" }, ai ? { kind: "ai", level: 3 } : { kind: "open" }],
      rated: false,
      visibility: "public",
      host: ada,
      ...(opening.length === 0 ? {} : { opening: [...opening] }),
    },
    { type: "seat-joined", seat: 0, user: ada },
    ...(ai ? [] : [{ type: "seat-joined", seat: 1, user: bob } as const]),
    { type: "started", state: game.serialize(start), clock },
    ...played,
    { type: "ended", result, clock: null },
  ];
  const log: VersionedEvent[] = events.map((event, i) => ({
    version: asVersion(i + 1),
    at: asMillis(CREATED + i * 1_000),
    event,
  }));
  return fold(asMatchId("m1"), log);
}

describe("downloads", () => {
  it("offer JSON for every game, GGF and a transcript for Othello, PGN for king and rook", () => {
    expect(exportFormatsOf({ gameId: "othello" })).toEqual(["json", "ggf", "txt"]);
    expect(exportFormatsOf({ gameId: "krk" })).toEqual(["json", "pgn"]);
    expect(exportFormatsOf({ gameId: "connect-k" })).toEqual(["json"]);
    expect(exportFormatsOf({ gameId: "dice-of-doom" })).toEqual(["json"]);
  });

  it("date a record by the UTC day of the match's creation", () => {
    expect(dayOf(CREATED)).toBe("2026-11-27");
    expect(dayOf(0)).toBe("1970-01-01");
    expect(dayOf(Date.UTC(2024, 1, 29, 23, 59))).toBe("2024-02-29");
    expect(dayOf(Date.UTC(2000, 0, 1))).toBe("2000-01-01");
    expect(dayOf(Date.UTC(2100, 11, 31, 5))).toBe("2100-12-31");
  });

  it("write a known Othello game as GGF and as a transcript (golden)", () => {
    const model = finished(
      "othello",
      {},
      ["f5", "d6", "c3", "d3", "c4"],
      {
        reason: "resign",
        winners: [0],
        scores: [64, 0],
      },
      true,
    );
    const names = recordNames(model);
    expect(names).toEqual(["Ada", "Arena AI level 3"]);
    expect(recordFile(model, "ggf", names)?.text).toBe(
      "(;GM[Othello]PC[Arena]DT[2026-11-27]PB[Ada]PW[Arena AI level 3]RE[+64.000:r]TI[05:00/00:03/00:00]TY[8]" +
        "BO[8 ---------------------------O*------*O--------------------------- *]" +
        "B[f5]W[d6]B[c3]W[d3]B[c4];)\n",
    );
    expect(recordFile(model, "txt", names)).toEqual({
      text: "f5d6c3d3c4\n",
      mime: "text/plain; charset=utf-8",
      extension: "txt",
    });
    expect(recordFile(model, "pgn", names)).toBeNull();
  });

  it("write a tournament pair's game from its opening: GGF from the position after it, the transcript whole", () => {
    const result: MatchResult = { reason: "resign", winners: [0], scores: [64, 0] };
    const model = finished("othello", {}, ["c3", "d3", "c4"], result, true, ["f5", "d6"]);
    const names = recordNames(model);
    // After f5 d6: Black's f5 flipped e5, White's d6 flipped d5; Black to move.
    expect(recordFile(model, "ggf", names)?.text).toContain(
      "BO[8 ---------------------------O*------O**-----O-------------------- *]B[c3]W[d3]B[c4];)",
    );
    expect(recordFile(model, "txt", names)?.text).toBe("f5d6c3d3c4\n");
  });

  it("write a known king and rook mate as PGN with its FEN start (golden)", () => {
    // A mate in two: the king takes the opposition, the rook mates on the back rank.
    const fen = "7k/8/5K2/8/8/8/8/R7 w - - 0 1";
    const model = finished("krk", { fen }, ["Kg6", "Kg8", "Ra8#"], {
      reason: "normal",
      winners: [0],
      scores: [1, 0],
    });
    expect(recordFile(model, "pgn", recordNames(model))?.text).toBe(
      [
        '[Event "Arena casual game"]',
        '[Site "Arena"]',
        '[Date "2026.11.27"]',
        '[Round "-"]',
        '[White "Ada"]',
        '[Black "Bob \\"the rook\\""]',
        '[Result "1-0"]',
        '[SetUp "1"]',
        `[FEN "${fen}"]`,
        "",
        "1. Kg6 Kg8 2. Ra8# 1-0",
        "",
      ].join("\n"),
    );
    expect(recordFile(model, "ggf", ["Ada", "Bob"])).toBeNull();
  });

  it("number a PGN that starts with Black to move from the FEN's move number", () => {
    const fen = "7k/8/6K1/8/8/8/8/R7 b - - 3 40";
    const model = finished("krk", { fen }, ["Kg8", "Ra8#"], {
      reason: "normal",
      winners: [0],
      scores: [1, 0],
    });
    expect(recordFile(model, "pgn", ["A", "B"])?.text).toContain("\n\n40... Kg8 41. Ra8# 1-0\n");
  });
});
