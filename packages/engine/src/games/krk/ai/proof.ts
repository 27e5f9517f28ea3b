import { Random } from "../../../core/rng.js";
import { parseKrkOptions } from "../index.js";
import { bestMovesOf, krkTables, MAX_DTM } from "../oracle.js";
import { type KrkPosition, WHITE, applyMove, blackInCheck, legalMovesOf, NO_ROOK } from "../position.js";
import { type KrkState, applyToState, stateAt } from "../state.js";
import { type ForcingTree, strategy } from "./al0/interpreter.js";
import { Al0Session } from "./al0/session.js";
import { type Al0Variant, BOOK_VARIANT, adviceTable } from "./al0/table.js";

/*
 * The proof run (docs/krk.md §9): AL0 as White from every won White-to-move position against Black's
 * perfect defence, under the game's own rules, 50-move rule and repetition included.
 */

/** How one game of AL0 ended. */
export const AL0_ENDINGS = [
  "mated",
  "stalemate",
  "rook-lost",
  "fifty-moves",
  "repetition",
  "no-advice",
] as const;
export type Al0Ending = (typeof AL0_ENDINGS)[number];

export interface Al0Game {
  readonly start: KrkPosition;
  readonly ending: Al0Ending;
  /** White moves played (to mate, when mated). */
  readonly moves: number;
  /** The oracle's distance to mate from the start: the fewest White moves possible. */
  readonly optimal: number;
}

/** Black's perfect defence, made deterministic: the first of the longest defences in canonical order. */
export function perfectDefence(position: KrkPosition): number {
  const move = bestMovesOf(position)[0];
  if (move === undefined) throw new Error("perfectDefence: Black has no move");
  return move;
}

const START_OPTIONS = (() => {
  const parsed = parseKrkOptions({});
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();

/** One game: AL0 (a fresh session) as White from `start`, `defend` as Black. */
export function playAl0Game(
  start: KrkPosition,
  variant: Al0Variant = BOOK_VARIANT,
  defend: (position: KrkPosition) => number = perfectDefence,
): Al0Game {
  const session = new Al0Session(variant);
  const optimal = krkTables().whiteToMove[(start.wk * 64 + start.wr) * 64 + start.bk] ?? 0;
  let state: KrkState = stateAt(START_OPTIONS, start);
  let moves = 0;
  while (state.status === "ongoing") {
    if (state.position.side === WHITE) {
      const decision = session.decide(state.position);
      if (decision === null) return { start, ending: "no-advice", moves, optimal };
      session.whiteMoved(decision.move);
      state = applyToState(state, decision.move);
      moves++;
    } else {
      const reply = defend(state.position);
      session.blackMoved(reply);
      state = applyToState(state, reply);
    }
  }
  const ending: Al0Ending =
    state.status === "checkmate" ? "mated" : state.status === "rook-captured" ? "rook-lost" : state.status;
  return { start, ending, moves, optimal };
}

/** Every won White-to-move position, in table order (all 175,168 legal ones are won). */
export function wonWhitePositions(): KrkPosition[] {
  const table = krkTables().whiteToMove;
  const positions: KrkPosition[] = [];
  for (let index = 0; index < table.length; index++) {
    if ((table[index] ?? 255) <= MAX_DTM) {
      positions.push({ wk: index >> 12, wr: (index >> 6) & 63, bk: index & 63, side: WHITE });
    }
  }
  return positions;
}

export interface Al0ProofOptions {
  readonly variant?: Al0Variant;
  /** Play only this many positions, drawn at random with `seed`; all of them when absent. */
  readonly sample?: number;
  readonly seed?: number;
  /** How many of the worst games (most moves over the optimum) to keep. */
  readonly worst?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface Al0ProofSummary {
  /** Won starting positions played. */
  readonly won: number;
  readonly endings: Readonly<Record<Al0Ending, number>>;
  /** The longest game AL0 mated in, in White moves. */
  readonly maxMoves: number;
  /** AL0's moves to mate minus the oracle's, averaged over the games it mated. */
  readonly meanExcess: number;
  /** The mated games with the most moves over the optimum, worst first (ties in table order). */
  readonly worst: readonly Al0Game[];
  /** The games AL0 did not win, in table order (at most `worst` × 10 of them). */
  readonly failures: readonly Al0Game[];
}

export function runAl0Proof(options: Al0ProofOptions = {}): Al0ProofSummary {
  let positions = wonWhitePositions();
  if (options.sample !== undefined && options.sample < positions.length) {
    positions = new Random(options.seed ?? 1).shuffle(positions).slice(0, options.sample);
  }
  const endings = Object.fromEntries(AL0_ENDINGS.map((ending) => [ending, 0])) as Record<Al0Ending, number>;
  let maxMoves = 0;
  let excess = 0;
  const keep = options.worst ?? 10;
  const worst: Al0Game[] = [];
  const failures: Al0Game[] = [];
  const over = (game: Al0Game): number => game.moves - game.optimal;
  positions.forEach((start, index) => {
    const game = playAl0Game(start, options.variant ?? BOOK_VARIANT);
    endings[game.ending]++;
    if (game.ending !== "mated") {
      if (failures.length < keep * 10) failures.push(game);
    } else {
      maxMoves = Math.max(maxMoves, game.moves);
      excess += over(game);
      const last = worst[worst.length - 1];
      if (keep > 0 && (worst.length < keep || (last !== undefined && over(game) > over(last)))) {
        worst.push(game);
        // Stable: among equal excess the earlier position stays ahead.
        worst.sort((a, b) => over(b) - over(a));
        worst.length = Math.min(worst.length, keep);
      }
    }
    if (index % 1000 === 999 || index === positions.length - 1)
      options.onProgress?.(index + 1, positions.length);
  });
  return {
    won: positions.length,
    endings,
    maxMoves,
    meanExcess: endings.mated > 0 ? excess / endings.mated : 0,
    worst,
    failures,
  };
}

/** White moves a fifty-move draw allows: a mate on White's 50th move comes at the 99th ply. */
const FIFTY_MOVES = 50;

/**
 * The proof against every defence (docs/krk.md §9.2): AL0's play is a function of the position and the
 * tree it follows, so the game from a start is a walk in a finite graph of (position, tree) states in
 * which Black chooses every edge. AL0 wins from a start when no path reaches stalemate, the rook's
 * capture or a cycle (a repetition Black could force), and the longest path, the most moves Black can
 * make it take, is at most 50. `moves` of each game is that longest path.
 */
export function proveAgainstEveryDefence(
  options: Omit<Al0ProofOptions, "sample" | "seed"> = {},
): Al0ProofSummary {
  const table = adviceTable(options.variant ?? BOOK_VARIANT);
  const dtm = krkTables().whiteToMove;
  // One plan per root, so the same (position, tree) state is always the same object pair.
  const plans = new Map<number, ForcingTree | null>();
  const treeIds = new Map<ForcingTree, number>();
  const results = new Map<number, number | Al0Ending>();
  const onPath = new Set<number>();
  const index = (p: KrkPosition): number => (p.wk * 64 + p.wr) * 64 + p.bk;
  const treeId = (tree: ForcingTree): number => {
    let id = treeIds.get(tree);
    if (id === undefined) {
      id = treeIds.size + 1;
      treeIds.set(tree, id);
    }
    return id;
  };

  // Most White moves to mate Black can force from a White-to-move state, or how Black escapes.
  const longest = (position: KrkPosition, tree: ForcingTree | null): number | Al0Ending => {
    const key = (tree === null ? 0 : treeId(tree)) * 262_144 + index(position);
    const known = results.get(key);
    if (known !== undefined) return known;
    if (onPath.has(key)) return "repetition";
    let plan = tree;
    if (plan === null) {
      const root = index(position);
      if (!plans.has(root)) plans.set(root, strategy(table, { ...position, depth: 0 })?.tree ?? null);
      plan = plans.get(root) ?? null;
    }
    let result: number | Al0Ending;
    if (plan === null) result = "no-advice";
    else {
      onPath.add(key);
      const after = applyMove(position, plan.move);
      const replies = legalMovesOf(after);
      result = replies.length === 0 ? (blackInCheck(after) ? 1 : "stalemate") : 0;
      for (const reply of replies) {
        if (typeof result !== "number") break;
        const next = applyMove(after, reply);
        const below = next.wr === NO_ROOK ? "rook-lost" : longest(next, plan.replies?.get(reply) ?? null);
        result = typeof below === "number" ? Math.max(result, below + 1) : below;
      }
      onPath.delete(key);
    }
    results.set(key, result);
    return result;
  };

  const starts = wonWhitePositions();
  const endings = Object.fromEntries(AL0_ENDINGS.map((ending) => [ending, 0])) as Record<Al0Ending, number>;
  let maxMoves = 0;
  let excess = 0;
  const keep = options.worst ?? 10;
  const worst: Al0Game[] = [];
  const failures: Al0Game[] = [];
  starts.forEach((start, at) => {
    const value = longest(start, null);
    const optimal = dtm[index(start)] ?? 0;
    const ending: Al0Ending =
      typeof value === "number" ? (value <= FIFTY_MOVES ? "mated" : "fifty-moves") : value;
    const game: Al0Game = { start, ending, moves: typeof value === "number" ? value : 0, optimal };
    endings[ending]++;
    if (ending !== "mated") {
      if (failures.length < keep * 10) failures.push(game);
    } else {
      maxMoves = Math.max(maxMoves, game.moves);
      excess += game.moves - optimal;
      const last = worst[worst.length - 1];
      if (
        keep > 0 &&
        (worst.length < keep || (last !== undefined && game.moves - optimal > last.moves - last.optimal))
      ) {
        worst.push(game);
        worst.sort((a, b) => b.moves - b.optimal - (a.moves - a.optimal));
        worst.length = Math.min(worst.length, keep);
      }
    }
    if (at % 1000 === 999 || at === starts.length - 1) options.onProgress?.(at + 1, starts.length);
  });
  return {
    won: starts.length,
    endings,
    maxMoves,
    meanExcess: endings.mated > 0 ? excess / endings.mated : 0,
    worst,
    failures,
  };
}
