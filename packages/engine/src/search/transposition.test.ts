import { describe, expect, it } from "vitest";
import { BOUND, TranspositionTable } from "./transposition.js";

describe("TranspositionTable", () => {
  it("rounds its size up to a power of two and rejects silly sizes", () => {
    expect(new TranspositionTable(1000).size).toBe(1024);
    expect(new TranspositionTable(1).size).toBe(2);
    expect(() => new TranspositionTable(0)).toThrow(RangeError);
    expect(() => new TranspositionTable(2.5)).toThrow(RangeError);
  });

  it("stores and finds an entry by its full hash", () => {
    const table = new TranspositionTable(16);
    const hash = 2 ** 52 + 12345;
    expect(table.probe(hash)).toBe(-1);
    table.store(hash, 7, BOUND.lower, -3.5, 4, false);
    const slot = table.probe(hash);
    expect(slot).toBeGreaterThanOrEqual(0);
    expect([table.depthAt(slot), table.boundAt(slot), table.valueAt(slot), table.moveAt(slot)]).toEqual([
      7,
      BOUND.lower,
      -3.5,
      4,
    ]);
    expect(table.solvedAt(slot)).toBe(false);
    // Same bucket (8 buckets), different key: not confused with the stored position.
    expect(table.probe(hash + 8)).toBe(-1);
    expect(table.probe(hash + 8 * 2 ** 32 + 8)).toBe(-1);
  });

  it("keeps the deeper entry in the first slot and puts shallower ones in the second", () => {
    const table = new TranspositionTable(2); // one bucket: every hash collides
    table.store(1, 9, BOUND.exact, 1, 0, false);
    table.store(2, 3, BOUND.exact, 2, 0, false);
    table.store(3, 4, BOUND.exact, 3, 0, false);
    expect(table.probe(1)).toBe(0);
    expect(table.probe(2)).toBe(-1); // the always-replace slot moved on
    expect(table.probe(3)).toBe(1);
    table.store(4, 9, BOUND.upper, 4, 0, false);
    expect(table.probe(4)).toBe(0);
    expect(table.probe(1)).toBe(-1);
  });

  it("replaces the same position in place, keeping its move when the new result has none", () => {
    const table = new TranspositionTable(2);
    table.store(1, 9, BOUND.lower, 1, 5, false);
    table.store(1, 2, BOUND.upper, 0, -1, true);
    const slot = table.probe(1);
    expect([slot, table.depthAt(slot), table.moveAt(slot), table.solvedAt(slot)]).toEqual([0, 2, 5, true]);
    table.store(2, 1, BOUND.exact, 0, 1, false);
    table.store(2, 1, BOUND.exact, 7, 1, false);
    expect(table.valueAt(table.probe(2))).toBe(7);
  });

  it("lets entries of older searches be replaced by shallower ones", () => {
    const table = new TranspositionTable(2);
    table.store(1, 9, BOUND.exact, 1, 0, false);
    table.newSearch();
    table.store(2, 1, BOUND.exact, 2, 0, false);
    expect(table.probe(2)).toBe(0);
    expect(table.probe(1)).toBe(-1);
  });

  it("forgets everything on clear, and survives many searches", () => {
    const table = new TranspositionTable(64);
    for (let i = 0; i < 600; i++) table.newSearch();
    table.store(5, 1, BOUND.exact, 1, 0, false);
    expect(table.probe(5)).toBeGreaterThanOrEqual(0);
    table.clear();
    expect(table.probe(5)).toBe(-1);
    expect(table.probe(0)).toBe(-1);
  });
});
