import { describe, expect, it } from "vitest";
import { parseFfoLine } from "../notation.js";
import { WASM_ABORTED, endgameWasm } from "./endgame-wasm.js";
import { FFO_40_49 } from "./ffo-fixture.js";

describe("the shipped endgame module", () => {
  it("solves the last square and counts its node", () => {
    // a1 empty, b1 white, every other square black: a1 flips b1 and wins 64-0.
    const wasm = endgameWasm(() => false);
    expect(wasm.search(~3, -1, 2, 0, -64, 64, 1, 1, 0)).toBe(64);
    expect(wasm.searchedNodes()).toBe(1);
  });

  it("keeps each instance's table apart, shared with JavaScript through the view", () => {
    const first = endgameWasm(() => false);
    const second = endgameWasm(() => false);
    const a = first.table(4);
    const b = second.table(4);
    expect(a.length).toBe(16 << 4);
    a[0] = 123;
    expect(b[0]).toBe(0);
  });

  it("stops at the first check once the deadline test says so", () => {
    const parsed = parseFfoLine(FFO_40_49[0]);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { blackLo, blackHi, whiteLo, whiteHi } = parsed.value.state;
    const wasm = endgameWasm(() => true);
    wasm.table(12);
    // FFO #40, black to move with 20 empties: far more than 4096 nodes.
    expect(wasm.search(blackLo, blackHi, whiteLo, whiteHi, -64, 64, 20, 0, 0)).toBe(WASM_ABORTED);
    expect(wasm.searchedNodes()).toBeGreaterThanOrEqual(4096);
    expect(wasm.searchedNodes()).toBeLessThan(8192);
  });
});
