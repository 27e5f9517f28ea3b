import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { endgameSearch } from "./endgame-wasm.js";

describe("the shipped endgame module", () => {
  it("is what the pinned AssemblyScript compiler makes of wasm/endgame.ts", () => {
    const script = fileURLToPath(new URL("../../../../wasm/build.mjs", import.meta.url));
    // Exits non-zero (and execFileSync throws) when endgame-wasm-data.ts differs from a fresh build.
    expect(() => execFileSync("node", [script, "--check"], { stdio: "pipe" })).not.toThrow();
  });

  it("packs the node count above the score", () => {
    // a1 empty, b1 white, every other square black: a1 flips b1 and wins 64-0, the top of the
    // score's byte, in one last-1 node.
    const packed = endgameSearch(~3, -1, 2, 0, -64, 64, 1, 1, 0);
    expect(packed >>> 8).toBe(1);
    expect((packed & 0xff) - 64).toBe(64);
  });
});
