import { describe, expect, it } from "vitest";
import { splitPools } from "./rating-pools";

describe("rating pools on the profile", () => {
  it("puts the correspondence pools in a group of their own, after the real-time ones", () => {
    const pools = [
      { gameId: "othello", speed: "correspondence" },
      { gameId: "othello", speed: "blitz" },
      { gameId: "connect-k", speed: "rapid" },
    ];
    expect(splitPools(pools)).toEqual([
      { correspondence: false, pools: [pools[1], pools[2]] },
      { correspondence: true, pools: [pools[0]] },
    ]);
  });

  it("leaves out an empty group", () => {
    expect(splitPools([{ speed: "correspondence" }])).toEqual([
      { correspondence: true, pools: [{ speed: "correspondence" }] },
    ]);
    expect(splitPools([])).toEqual([]);
  });
});
