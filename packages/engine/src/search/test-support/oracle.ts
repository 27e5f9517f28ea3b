/**
 * Brute-force values of explicit trees, written directly over the tree data
 * (not through `Game`) so that the searches are checked against an
 * independent implementation.
 */
import type { Seat } from "../../core/game.js";
import { type NimRules, type Tree, edgeOutcomes } from "./toy-games.js";

/** The library's default win score, restated so that a change to it is noticed. */
export const ORACLE_WIN_SCORE = 1_000_000;

export interface OracleOptions {
  /** Score leaves with their stored value instead of win/draw/loss. */
  readonly stored?: boolean;
}

function leafScore(values: readonly number[], root: Seat, ply: number): number {
  const best = Math.max(...values);
  const winners = values.filter((v) => v === best).length;
  if (winners === values.length) return 0;
  if (values[root] !== best) return -(ORACLE_WIN_SCORE - ply);
  return winners === 1 ? ORACLE_WIN_SCORE - ply : ORACLE_WIN_SCORE / winners;
}

/**
 * Paranoid expectimax value of `node` for `root`: the root seat maximizes,
 * every other seat minimizes, chance edges are averaged (in listed order,
 * skipping probability 0, as the searches do).
 */
export function oracleValue(
  tree: Tree,
  node: number,
  depth: number,
  root: Seat,
  options: OracleOptions = {},
  ply = 0,
): number {
  const data = tree.nodes[node];
  if (data === undefined) throw new Error(`no node ${node}`);
  if (data.edges.length === 0) {
    return options.stored === true ? (data.values[root] ?? 0) : leafScore(data.values, root, ply);
  }
  if (depth === 0) return data.values[root] ?? 0;
  const values = data.edges.map((_, move) => oracleMoveValue(tree, node, move, depth, root, options, ply));
  return data.seat === root ? Math.max(...values) : Math.min(...values);
}

/** Value of playing `move` at `node` (searched to `depth` from `node`). */
export function oracleMoveValue(
  tree: Tree,
  node: number,
  move: number,
  depth: number,
  root: Seat,
  options: OracleOptions = {},
  ply = 0,
): number {
  const edge = tree.nodes[node]?.edges[move];
  if (edge === undefined) throw new Error(`no move ${move} at node ${node}`);
  const outcomes = edgeOutcomes(edge).filter(([p]) => p > 0);
  const [only] = outcomes;
  if (outcomes.length === 1 && only !== undefined) {
    return oracleValue(tree, only[1], depth - 1, root, options, ply + 1);
  }
  let sum = 0;
  for (const [p, child] of outcomes) sum += p * oracleValue(tree, child, depth - 1, root, options, ply + 1);
  return sum;
}

/** Independent two-seat Nim solver: can the seat to move force taking the last stone? */
export function nimWins(heap: number, rules: NimRules, memo = new Map<number, boolean>()): boolean {
  const known = memo.get(heap);
  if (known !== undefined) return known;
  let wins = false;
  for (let take = 1; take <= Math.min(rules.maxTake, heap) && !wins; take++) {
    const rest = heap - take;
    wins = rest === 0 || (take === rules.again ? nimWins(rest, rules, memo) : !nimWins(rest, rules, memo));
  }
  memo.set(heap, wins);
  return wins;
}
