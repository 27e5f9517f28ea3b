import { asMatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type AnalysisState, later, stateOf } from "./progress";

const analysis = {
  matchId: asMatchId("m_1"),
  gameId: "krk",
  budgetMs: 50,
  positions: [],
  moves: [],
  finishedAt: 1,
};
const running = (done: number): AnalysisState => ({ kind: "running", done, total: 4 });

describe("the analysis state as answers and pushes cross", () => {
  it("reads answers and pushes alike", () => {
    expect(stateOf({ ok: true, state: "none" })).toEqual({ kind: "idle" });
    expect(stateOf({ ok: true, state: "running", done: 1, total: 4 })).toEqual(running(1));
    expect(stateOf({ ok: false, code: "busy", message: "one at a time" })).toMatchObject({ kind: "failed" });
  });

  it("never takes a running count back, keeps a done analysis, and lets a failed job end the run", () => {
    expect(later(running(3), running(1))).toEqual(running(3));
    expect(later(running(1), running(3))).toEqual(running(3));
    const done: AnalysisState = { kind: "done", analysis };
    expect(later(running(3), done)).toBe(done);
    expect(later(done, running(0))).toBe(done);
    expect(later(running(2), { kind: "idle" })).toEqual({ kind: "idle" });
  });
});
