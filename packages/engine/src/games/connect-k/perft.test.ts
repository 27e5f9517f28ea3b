import { describe, expect, it } from "vitest";
import { perft } from "../../debug.js";
import { type ConnectKState, connectK, parseConnectKOptions } from "./index.js";
import { NaiveBoard, naivePerft } from "./test-support/naive.js";

function optionsFor(input: unknown) {
  const parsed = parseConnectKOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe("connect-k perft against an independent 2D-array enumerator", () => {
  const options = optionsFor({ preset: "connect-four" });
  const start = connectK.initial(options, 0);

  for (let depth = 1; depth <= 7; depth++) {
    it(`7×6 k=4 depth ${depth}`, () => {
      const expected = naivePerft(new NaiveBoard(7, 6, 4), depth);
      // No line before ply 7 and no full column before ply 7: every sequence counts.
      if (depth <= 6) expect(expected).toBe(7 ** depth);
      expect(perft(connectK, start, depth)).toBe(expected);
    });
  }

  it("7×6 depth 7 is 823536 (only the seven single-column sequences overflow)", () => {
    expect(perft(connectK, start, 7)).toBe(823536);
  });

  it("3×3 k=3 full game tree", () => {
    const tiny = optionsFor({ preset: "tiny" });
    const expected = naivePerft(new NaiveBoard(3, 3, 3), 9);
    expect(perft(connectK, connectK.initial(tiny, 0), 9)).toBe(expected);
  });

  const others = [
    { width: 4, height: 4, k: 3, depth: 12 },
    { width: 3, height: 10, k: 3, depth: 9 },
    { width: 9, height: 3, k: 3, depth: 6 },
    { width: 9, height: 10, k: 4, depth: 5 },
    { width: 8, height: 7, k: 4, depth: 6 },
    { width: 5, height: 4, k: 4, depth: 9 },
  ];
  for (const { width, height, k, depth } of others) {
    it(`${width}×${height} k=${k} depth ${depth}`, () => {
      const sized = optionsFor({ width, height, k });
      const expected = naivePerft(new NaiveBoard(width, height, k), depth);
      expect(perft(connectK, connectK.initial(sized, 0), depth)).toBe(expected);
    });
  }
});

describe("distinct 7×6 positions after n plies (OEIS A212693)", () => {
  it("matches 1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275", () => {
    const expected = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275];
    const start = connectK.initial(optionsFor({}), 0);
    let layer = new Map<number, ConnectKState>([[connectK.hash(start), start]]);
    const counts = [layer.size];
    for (let ply = 1; ply < expected.length; ply++) {
      const next = new Map<number, ConnectKState>();
      for (const state of layer.values()) {
        for (const move of connectK.legalMoves(state)) {
          const child = connectK.apply(state, move);
          next.set(connectK.hash(child), child);
        }
      }
      counts.push(next.size);
      layer = next;
    }
    expect(counts).toEqual(expected);
  });
});

describe("the mixed key of boards over 53 bits", () => {
  it("dedupes 8×7 positions exactly like the board contents do", () => {
    const options = optionsFor({ preset: "trilobite" });
    let layer: ConnectKState[] = [connectK.initial(options, 0)];
    for (let ply = 1; ply <= 6; ply++) {
      const byKey = new Map<number, ConnectKState>();
      const byBoard = new Set<string>();
      for (const state of layer) {
        for (const move of connectK.legalMoves(state)) {
          const child = connectK.apply(state, move);
          byKey.set(connectK.hash(child), child);
          byBoard.add(connectK.render(child));
        }
      }
      expect(byKey.size).toBe(byBoard.size);
      layer = [...byKey.values()];
    }
    expect(layer.length).toBeGreaterThan(10000);
  });
});
