import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { endgameWasm } from "./endgame-wasm.js";

describe("the shipped endgame module", () => {
  it("is what the pinned AssemblyScript compiler makes of wasm/endgame.ts", () => {
    const script = fileURLToPath(new URL("../../../../wasm/build.mjs", import.meta.url));
    // Exits non-zero (and execFileSync throws) when endgame-wasm-data.ts differs from a fresh build.
    expect(() => execFileSync("node", [script, "--check"], { stdio: "pipe" })).not.toThrow();
  });

  it("solves the last square and counts its node", () => {
    // a1 empty, b1 white, every other square black: a1 flips b1 and wins 64-0.
    const wasm = endgameWasm();
    expect(wasm.search(~3, -1, 2, 0, -64, 64, 1, 1, 0)).toBe(64);
    expect(wasm.searchedNodes()).toBe(1);
  });

  it("keeps each instance's table apart, shared with JavaScript through the view", () => {
    const first = endgameWasm();
    const second = endgameWasm();
    const a = first.table(4);
    const b = second.table(4);
    expect(a.length).toBe(16 << 4);
    a[0] = 123;
    expect(b[0]).toBe(0);
  });
});
