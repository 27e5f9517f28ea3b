import { follow } from "@arena/match";
import { describe, expect, it } from "vitest";
import { ANN, MatchLog } from "../../test-support/match-log";
import { othelloExports } from "./exports";

describe("othelloExports", () => {
  it("writes the transcript and GGF with the engine's writers", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "ai", level: 3 }]);
    log.add({ type: "seat-joined", seat: 0, user: ANN });
    log.start();
    log.move("f5");
    log.move("d6");
    log.add({ type: "ended", result: { reason: "resign", winners: [1], scores: [0, 64] }, clock: null });
    const followed = follow(log.snapshot());
    if (!followed.ok) throw new Error(followed.message);
    const { transcript, ggf } = othelloExports(followed.followed.model, ["Ann", "Computer (level 3)"]);
    expect(transcript).toBe("f5d6");
    expect(ggf).toContain("B[f5]W[d6]");
    expect(ggf).toContain("PB[Ann]");
    expect(ggf).toContain("RE[-64.000:r]");
  });

  it.each([
    ["abandon", [0], [64, 0], "RE[+64.000:r]"],
    ["draw-agreed", [0, 1], [0, 0], "RE[+0.000:s]"],
    ["timeout", [1], [0, 64], "RE[-64.000:t]"],
  ] as const)("flags a game ended by %s in RE", (reason, winners, scores, re) => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "ai", level: 3 }]);
    log.add({ type: "seat-joined", seat: 0, user: ANN });
    log.start();
    log.move("f5");
    log.add({ type: "ended", result: { reason, winners: [...winners], scores: [...scores] }, clock: null });
    const followed = follow(log.snapshot());
    if (!followed.ok) throw new Error(followed.message);
    expect(othelloExports(followed.followed.model, ["Ann", "Bo"]).ggf).toContain(re);
  });
});
