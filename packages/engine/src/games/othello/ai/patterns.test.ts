import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Random } from "../../../core/rng.js";
import {
  FEATURE_KINDS,
  INSTANCES,
  PATTERN_SHAPES,
  STAGE_SIZE,
  instanceIndices,
  mapSquare,
  patternSum,
  patternSumByTerms,
} from "./patterns.js";
import { trainedEvalBits } from "./trained-eval.js";
import { trainedWeights } from "./thread-engines.js";
import { type TrainedWeights, spreadCanonical } from "./weights-codec.js";

type Board = readonly [number, number, number, number];

function bit(lo: number, hi: number, sq: number): number {
  return sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1;
}

/** A board of random cells: each square empty, own or other. */
const boards = fc
  .array(fc.integer({ min: 0, max: 2 }), { minLength: 64, maxLength: 64 })
  .map((cells): Board => {
    const b = [0, 0, 0, 0];
    cells.forEach((cell, sq) => {
      if (cell === 0) return;
      const k = (cell === 1 ? 0 : 2) + (sq < 32 ? 0 : 1);
      b[k] = (b[k] as number) | (1 << (sq & 31));
    });
    return [b[0] as number, b[1] as number, b[2] as number, b[3] as number];
  });

/** The board seen through symmetry `s`. */
function transform([pl, ph, ol, oh]: Board, s: number): Board {
  const b = [0, 0, 0, 0];
  for (let sq = 0; sq < 64; sq++) {
    const t = mapSquare(s, sq);
    if (bit(pl, ph, sq)) b[t < 32 ? 0 : 1] = (b[t < 32 ? 0 : 1] as number) | (1 << (t & 31));
    if (bit(ol, oh, sq)) b[t < 32 ? 2 : 3] = (b[t < 32 ? 2 : 3] as number) | (1 << (t & 31));
  }
  return [b[0] as number, b[1] as number, b[2] as number, b[3] as number];
}

/** Random weights in which entries related by a shape's symmetry are equal (as training leaves them). */
function randomWeights(seed: number, stageCount = 2): TrainedWeights {
  const random = new Random(seed);
  const tables = new Int16Array(stageCount * STAGE_SIZE);
  for (let i = 0; i < tables.length; i++) tables[i] = random.int(601) - 300;
  spreadCanonical(tables, stageCount);
  return { stageCount, stageWidth: 32, scale: 16, tables };
}

describe("pattern instances", () => {
  it("lays every shape on the board in each place the 8 symmetries take it", () => {
    const counts = PATTERN_SHAPES.map((_, kind) => INSTANCES.filter((i) => i.kind === kind).length);
    // Edges, 2×5 corners (8: no symmetry of their own), 3×3 corners, lines, diagonals.
    expect(counts).toEqual([4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4]);
    expect(INSTANCES).toHaveLength(46);
  });

  it("reads each instance as base 3, first square least significant", () => {
    const out = new Int32Array(INSTANCES.length);
    fc.assert(
      fc.property(boards, ([pl, ph, ol, oh]) => {
        instanceIndices(pl, ph, ol, oh, out);
        INSTANCES.forEach((instance, i) => {
          const naive = instance.squares.reduce(
            (index, sq, k) => index + 3 ** k * (bit(pl, ph, sq) ? 1 : bit(ol, oh, sq) ? 2 : 0),
            0,
          );
          expect(out[i]).toBe(naive);
        });
      }),
    );
  });

  it("maps a configuration and its mirror image within a symmetric shape to one canonical index", () => {
    const edge = FEATURE_KINDS[0];
    if (edge === undefined) throw new Error("no edge kind");
    // a1 own (digit 0 = 1) mirrors to h1 own (digit 7 = 3^7); b2 other (digit 8) to g2 other (digit 9).
    expect(edge.canonical[1 + 2 * 6561]).toBe(edge.canonical[3 ** 7 + 2 * 19683]);
    expect(edge.canonical[1]).not.toBe(edge.canonical[3]);
  });
});

describe("patternSum", () => {
  it("equals the term-by-term reading of every instance", () => {
    const weights = randomWeights(7);
    fc.assert(
      fc.property(boards, fc.integer({ min: 0, max: 1 }), ([pl, ph, ol, oh], stage) => {
        const base = stage * STAGE_SIZE;
        expect(patternSum(weights.tables, base, pl, ph, ol, oh)).toBe(
          patternSumByTerms(weights.tables, base, pl, ph, ol, oh),
        );
      }),
    );
  });

  it("is the same for a position and its 8 symmetric images", () => {
    const weights = randomWeights(11);
    fc.assert(
      fc.property(boards, (board) => {
        const value = patternSum(weights.tables, STAGE_SIZE, ...board);
        for (let s = 1; s < 8; s++)
          expect(patternSum(weights.tables, STAGE_SIZE, ...transform(board, s))).toBe(value);
      }),
    );
  });
});

describe("the shipped weights", () => {
  it("load and evaluate symmetric positions equally", () => {
    const weights = trainedWeights();
    expect(weights.stageCount).toBeGreaterThan(10);
    fc.assert(
      fc.property(boards, (board) => {
        const value = trainedEvalBits(weights, ...board);
        for (let s = 1; s < 8; s++) expect(trainedEvalBits(weights, ...transform(board, s))).toBe(value);
      }),
      { numRuns: 200 },
    );
  });

  it("rate a corner for the side that holds it", () => {
    const weights = trainedWeights();
    // Only a1 differs: own against other.
    const own = trainedEvalBits(weights, 0x1 | 0x18000000, 0x10, 0x10000000 | 0x800, 0x08);
    const other = trainedEvalBits(weights, 0x18000000, 0x10, 0x10000000 | 0x800 | 0x1, 0x08);
    expect(own).toBeGreaterThan(other);
  });
});
