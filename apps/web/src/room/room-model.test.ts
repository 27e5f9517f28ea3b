import { describe, expect, it } from "vitest";
import type { Snapshot } from "@arena/protocol";
import { Othello } from "../games/engines";
import { mySeats, othelloExports, resultText } from "./room-model";

function finished(over: Partial<Snapshot>): Snapshot {
  return {
    matchId: "m1",
    version: 9,
    gameId: "othello",
    options: {},
    timeControl: { baseMs: 300_000, incrementMs: 0 },
    rated: false,
    visibility: "public",
    host: { id: "a", name: "Ann" },
    status: "finished",
    seats: [
      {
        kind: "human",
        seat: 0,
        user: { id: "a", name: "Ann" },
        connected: true,
        offlineSince: null,
        gone: false,
        eliminated: false,
      },
      { kind: "ai", seat: 1, level: 3 },
    ],
    state: null,
    moves: [
      { seat: 0, move: "f5", forced: false },
      { seat: 1, move: "d6", forced: false },
    ],
    clock: null,
    result: { reason: "resign", winners: [1], scores: [0, 64] },
    drawOffers: [],
    rematchOffers: [],
    viewers: 2,
    now: 0,
    nextMatchId: null,
    ...over,
  } as unknown as Snapshot;
}

describe("resultText", () => {
  it("names the winner and the reason", () => {
    expect(resultText(finished({}))).toEqual({
      headline: "Computer (level 3) (White) wins",
      detail: "Ann (Black) resigned · 0–64",
    });
    const timeout = resultText(finished({ result: { reason: "timeout", winners: [0], scores: [64, 0] } }));
    expect(timeout?.detail).toContain("ran out of time");
    const draw = resultText(finished({ result: { reason: "normal", winners: [0, 1], scores: [32, 32] } }));
    expect(draw?.headline).toBe("Draw");
  });
});

describe("mySeats", () => {
  it("finds the seats a user holds", () => {
    expect(mySeats(finished({}), "a")).toEqual([0]);
    expect(mySeats(finished({}), "b")).toEqual([]);
  });
});

describe("othelloExports", () => {
  it("writes the transcript and GGF with the engine", () => {
    const { transcript, ggf } = othelloExports(finished({}), Othello.othello.initial({}, 0));
    expect(transcript).toBe("f5d6");
    expect(ggf).toContain("B[f5]W[d6]");
    expect(ggf).toContain("PB[Ann]");
    expect(ggf).toContain("RE[-64.000:r]");
  });
});
