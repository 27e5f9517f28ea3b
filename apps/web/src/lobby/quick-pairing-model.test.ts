import { PoolInfo } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { IDLE, poolRows, seekersIn, seekReducer } from "./quick-pairing-model";

const pool = (gameId: string, name: string): PoolInfo => ({
  id: `${gameId}:${name}`,
  gameId,
  name,
  timeControl: { baseMs: 180_000, incrementMs: 2_000 },
  speed: "blitz",
});

describe("the quick-pairing grid", () => {
  it("groups the server's pools into one row per game and kind of clock, in the server's order", () => {
    const twoDays: PoolInfo = {
      id: "othello:2d",
      gameId: "othello",
      name: "2d",
      timeControl: { daysPerMove: 2 },
      speed: "correspondence",
    };
    const pools = [pool("othello", "1+0"), pool("othello", "3+2"), pool("connect-k", "1+0"), twoDays];
    expect(
      poolRows(pools).map((row) => [row.gameId, row.correspondence, row.pools.map((p) => p.name)]),
    ).toEqual([
      ["othello", false, ["1+0", "3+2"]],
      ["connect-k", false, ["1+0"]],
      ["othello", true, ["2d"]],
    ]);
    expect(seekersIn({ "othello:3+2": 2 }, "othello:3+2")).toBe(2);
    expect(seekersIn({}, "othello:3+2")).toBe(0);
  });

  it("reads pools of the shape the protocol's schema accepts (the page reads GET /api/pools as typed)", () => {
    expect(PoolInfo.safeParse(pool("othello", "3+2")).success).toBe(true);
    expect(PoolInfo.safeParse({ ...pool("othello", "2d"), timeControl: { daysPerMove: 2 } }).success).toBe(
      true,
    );
  });
});

describe("a tab's seek", () => {
  it("enters, seeks, and goes back to idle on cancel, on a refusal with its words, or on a disconnect", () => {
    const entering = seekReducer(IDLE, { type: "enter", poolId: "p" });
    const seeking = seekReducer(entering, { type: "entered", poolId: "p", rated: true });
    expect(seeking).toEqual({ kind: "seeking", poolId: "p", rated: true });
    expect(seekReducer(seeking, { type: "cancelled" })).toEqual(IDLE);
    expect(seekReducer(seeking, { type: "disconnected" })).toEqual(IDLE);
    const refused = { type: "refused", code: "quota", message: "you may open 10 rooms a minute" } as const;
    expect(seekReducer(entering, refused)).toEqual({
      kind: "idle",
      notice: { kind: "refused", code: "quota", message: "you may open 10 rooms a minute" },
    });
    // A playban keeps when it ends, for the notice to say.
    const banned = { type: "refused", code: "playban", message: "closed", until: 1_000 } as const;
    expect(seekReducer(entering, banned)).toEqual({
      kind: "idle",
      notice: { kind: "refused", code: "playban", message: "closed", until: 1_000 },
    });
  });

  it("ignores an answer to an entry it has since left, and an end of another pool's seek", () => {
    const other = seekReducer(seekReducer(IDLE, { type: "enter", poolId: "p" }), {
      type: "enter",
      poolId: "q",
    });
    expect(seekReducer(other, { type: "entered", poolId: "p", rated: false })).toBe(other);
    expect(seekReducer(IDLE, { type: "entered", poolId: "p", rated: false })).toBe(IDLE);
    expect(seekReducer(other, { type: "ended", poolId: "p", reason: "replaced" })).toBe(other);
    expect(seekReducer(other, { type: "ended", poolId: "q", reason: "replaced" })).toEqual({
      kind: "idle",
      notice: { kind: "ended", reason: "replaced" },
    });
  });
});
