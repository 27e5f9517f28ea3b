/**
 * The midgame search's layers in WebAssembly (wasm/midgame.ts, shipped as bytes in
 * midgame-wasm-data.ts). Its first layer is move generation, which perft proves and measures
 * (docs/benchmarks.md, "Othello perft").
 */
import { MIDGAME_WASM } from "./midgame-wasm-data.js";
import { wasmInstance } from "./wasm-instance.js";

export interface MidgameWasm {
  /** Leaves of the move tree `depth` plies below (pl, ph) to move against (ol, oh), as `perftBits`. */
  readonly perft: (pl: number, ph: number, ol: number, oh: number, depth: number) => number;
}

/** A fresh instance with its own memory. */
export function midgameWasm(): MidgameWasm {
  const exports = wasmInstance(MIDGAME_WASM, {}) as unknown as MidgameWasm;
  return { perft: exports.perft };
}
