import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

describe("the shipped endgame module", () => {
  it("is what the pinned AssemblyScript compiler makes of wasm/endgame.ts", () => {
    const script = fileURLToPath(new URL("../../../../wasm/build.mjs", import.meta.url));
    // Exits non-zero (and execFileSync throws) when endgame-wasm-data.ts differs from a fresh build.
    expect(() => execFileSync("node", [script, "--check"], { stdio: "pipe" })).not.toThrow();
  });
});
