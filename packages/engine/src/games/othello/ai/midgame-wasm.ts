/**
 * The midgame search's layers in WebAssembly (wasm/midgame.ts, shipped as bytes in
 * midgame-wasm-data.ts): move generation, which perft proves and measures (docs/benchmarks.md,
 * "Othello perft"), and the trained evaluation, whose weights and layout this side hands in.
 */
import { MIDGAME_WASM } from "./midgame-wasm-data.js";
import {
  EVAL_ORDER_DEPTH,
  MOBILITY_ORDER_DEPTH,
  MOBILITY_WEIGHT,
  SQUARE_PRIORITY,
} from "./midgame-ordering.js";
import { FAST_LAYOUT, FEATURE_KINDS, MOBILITY_CAP, MOBILITY_KIND, STAGE_SIZE } from "./patterns.js";
import type { TrainedWeights } from "./weights-codec.js";
import { wasmInstance } from "./wasm-instance.js";

export interface MidgameWasm {
  /** Leaves of the move tree `depth` plies below (pl, ph) to move against (ol, oh), as `perftBits`. */
  readonly perft: (pl: number, ph: number, ol: number, oh: number, depth: number) => number;
  /** The trained value of (pl, ph) to move against (ol, oh), as `trainedEvalBits` with the weights given. */
  readonly evaluate: (pl: number, ph: number, ol: number, oh: number) => number;
  /**
   * `MidgameSearch`'s principal-variation search at the root, node for node, on this instance's table;
   * `fresh` (1) starts a new search: the node count, the clock checks and the stop flag reset.
   */
  readonly search: (
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    depth: number,
    fresh: number,
  ) => number;
  readonly searchedNodes: () => number;
  /** 1 once `expired` stopped the search (its value is then meaningless). */
  readonly wasAborted: () => number;
  readonly storedMove: (pl: number, ph: number, ol: number, oh: number) => number;
  /** The first move by the cheap ordering, always legal; -1 without one. */
  readonly cheapestFirst: (pl: number, ph: number, ol: number, oh: number) => number;
  readonly clearTable: () => void;
}

export interface MidgameWasmOptions {
  /** The table has 2^tableBits slots (default 18, as `MidgameSearch`). */
  readonly tableBits?: number;
  /** Asked every 1,024 nodes whether the search must stop. */
  readonly expired?: () => boolean;
}

interface Exports extends MidgameWasm {
  readonly memory: { readonly buffer: ArrayBuffer };
  readonly allocateTable: (bits: number, scale: number) => void;
  readonly allocateWeights: (count: number) => number;
  readonly setLayout: (...layout: number[]) => void;
  readonly addDiagonal: (lo: number, hi: number, shift: number, offset: number) => void;
  readonly setOrdering: (evalDepth: number, mobilityDepth: number, weight: number) => void;
  readonly setSquarePriority: (square: number, priority: number) => void;
}

const offsetOf = (kind: number): number => FEATURE_KINDS[kind]?.offset ?? 0;

/** A fresh instance with its own memory and table, holding a copy of `weights`. */
export function midgameWasm(weights: TrainedWeights, options: MidgameWasmOptions = {}): MidgameWasm {
  const expired = options.expired ?? (() => false);
  const exports = wasmInstance(MIDGAME_WASM, { midgame: { expired } }) as unknown as Exports;
  const address = exports.allocateWeights(weights.tables.length);
  // Read the buffer after the allocation: growing the memory detaches the old one.
  new Int16Array(exports.memory.buffer, address, weights.tables.length).set(weights.tables);
  exports.setLayout(
    STAGE_SIZE,
    weights.stageCount,
    weights.stageWidth,
    FAST_LAYOUT.edgeX,
    FAST_LAYOUT.corner2x5,
    FAST_LAYOUT.corner3x3,
    FAST_LAYOUT.line2,
    FAST_LAYOUT.line3,
    FAST_LAYOUT.line4,
    offsetOf(MOBILITY_KIND),
    offsetOf(MOBILITY_KIND + 1),
    offsetOf(MOBILITY_KIND + 2),
    MOBILITY_CAP,
  );
  exports.setOrdering(EVAL_ORDER_DEPTH, MOBILITY_ORDER_DEPTH, MOBILITY_WEIGHT);
  SQUARE_PRIORITY.forEach((priority, square) => exports.setSquarePriority(square, priority));
  const { lo, hi, shift, offset } = FAST_LAYOUT.diagonals;
  for (let d = 0; d < lo.length; d++) {
    exports.addDiagonal(lo[d] as number, hi[d] as number, shift[d] as number, offset[d] as number);
  }
  exports.allocateTable(options.tableBits ?? 18, weights.scale);
  const { perft, evaluate, search, searchedNodes, wasAborted, storedMove, cheapestFirst, clearTable } =
    exports;
  return { perft, evaluate, search, searchedNodes, wasAborted, storedMove, cheapestFirst, clearTable };
}
