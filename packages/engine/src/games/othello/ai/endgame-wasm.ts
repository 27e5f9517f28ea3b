/**
 * The solver's layers below its evaluation-ordered ones as WebAssembly (wasm/endgame.ts, shipped as
 * bytes in endgame-wasm-data.ts): one u64 per board instead of two int32 halves. Each solver gets its
 * own instance, whose memory also holds the solver's transposition table, shared with the JavaScript
 * layers above through an Int32Array view. The module imports only the solver's deadline test.
 */
import { ENDGAME_WASM } from "./endgame-wasm-data.js";
import { wasmInstance } from "./wasm-instance.js";

interface Exports {
  readonly memory: { readonly buffer: ArrayBuffer };
  readonly allocateTable: (bits: number) => number;
  readonly search: EndgameWasm["search"];
  readonly searchedNodes: () => number;
}

export interface EndgameWasm {
  /**
   * The exact score of (pl, ph) to move against (ol, oh) with n empties, fail-soft within
   * (alpha, beta). `parity` has a bit per quadrant with an odd number of empties; `passed` is 1
   * after a pass. Above six empties it needs the table (`table`) and calls `expired` every 4096
   * nodes; once that returns true, the search stops and returns `WASM_ABORTED`.
   */
  readonly search: (
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
  /** Nodes of the last `search`. */
  readonly searchedNodes: () => number;
  /** Allocates the table of 2^bits buckets of 16 ints inside the instance (once) and returns a view of it. */
  readonly table: (bits: number) => Int32Array<ArrayBuffer>;
}

/** What `search` returns when `expired` stopped it. */
export const WASM_ABORTED = -128;

/** A fresh instance (its own memory, table and move lists) that asks `expired` whether to stop. */
export function endgameWasm(expired: () => boolean): EndgameWasm {
  const exports = wasmInstance(ENDGAME_WASM, { solver: { expired } }) as unknown as Exports;
  return {
    search: exports.search,
    searchedNodes: exports.searchedNodes,
    table: (bits) => {
      const address = exports.allocateTable(bits);
      // Read the buffer after the allocation: growing the memory detaches the old one.
      return new Int32Array(exports.memory.buffer, address, 16 << bits);
    },
  };
}
