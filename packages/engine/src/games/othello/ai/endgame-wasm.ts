/**
 * The solver's last empties as WebAssembly (wasm/endgame.ts, shipped as bytes in
 * endgame-wasm-data.ts): one u64 per board instead of two int32 halves. The module has no imports and
 * is compiled synchronously at load, which Node, workers and browsers all allow for a module this small.
 */
import { ENDGAME_WASM } from "./endgame-wasm-data.js";
import { fromBase64 } from "./weights-codec.js";

// The engine's lib is plain ES2023 (no DOM, no Node); this is the part of the WebAssembly API it uses.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
};

type Search = (
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  n: number,
  parity: number,
  passed: number,
) => number;

const instance = new WebAssembly.Instance(new WebAssembly.Module(fromBase64(ENDGAME_WASM)), {});

/**
 * The exact score of (pl, ph) to move against (ol, oh) with n ≤ 6 empties, fail-soft within
 * (alpha, beta), packed with its node count: (nodes << 8) | (score + 64). `parity` has a bit per
 * quadrant with an odd number of empties; `passed` is 1 after a pass.
 */
export const endgameSearch = instance.exports.search as Search;
