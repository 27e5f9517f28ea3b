/**
 * How the midgame search orders a node's children, for both of its cores: `MidgameSearch` reads these, and
 * the WebAssembly core is handed them (midgame-wasm.ts), so the two order alike from one definition.
 */

/**
 * From this remaining depth children are ordered by their trained value (below it evaluating them
 * cost more than it saved: 30% longer to reach depth 9, docs/benchmarks.md).
 */
export const EVAL_ORDER_DEPTH = 3;

/** Below `EVAL_ORDER_DEPTH`, children are ordered fastest first (fewest replies, weighted) and by square. */
export const MOBILITY_ORDER_DEPTH = 1;
export const MOBILITY_WEIGHT = 2;

/** Square classes for cheap ordering: corners first, X-squares last. */
export const SQUARE_PRIORITY = Int8Array.from([
  9, 2, 6, 5, 5, 6, 2, 9, 2, 0, 3, 3, 3, 3, 0, 2, 6, 3, 5, 4, 4, 5, 3, 6, 5, 3, 4, 4, 4, 4, 3, 5, 5, 3, 4, 4,
  4, 4, 3, 5, 6, 3, 5, 4, 4, 5, 3, 6, 2, 0, 3, 3, 3, 3, 0, 2, 9, 2, 6, 5, 5, 6, 2, 9,
]);
