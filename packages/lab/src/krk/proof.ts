import { Random } from "@arena/engine/core/rng";
import type { KrkOptions } from "@arena/engine/games/krk/options";
import { MAX_DTM, bestMovesOf, krkTables, tableIndex } from "@arena/engine/games/krk/oracle";
import {
  type KrkPosition,
  WHITE,
  applyMove,
  blackInCheck,
  legalMovesOf,
  NO_ROOK,
} from "@arena/engine/games/krk/position";
import { type KrkState, applyToState, stateAt } from "@arena/engine/games/krk/state";
import { type ForcingTree, strategy } from "@arena/engine/games/krk/ai/al0/interpreter";
import { Al0Session } from "@arena/engine/games/krk/ai/al0/session";
import {
  type Al0Variant,
  PRODUCT_VARIANT,
  type Rule,
  adviceTable,
} from "@arena/engine/games/krk/ai/al0/table";

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

// The options of a state only matter for serializing it; these games are never serialized.
const START_OPTIONS: KrkOptions = { start: "random" };

/** One game: AL0 (a fresh session) as White from `start`, `defend` as Black. */
export function playAl0Game(
  start: KrkPosition,
  variant: Al0Variant = PRODUCT_VARIANT,
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

/** Chooses the starting positions: all won ones, or a seeded sample of them. */
function startsFor(options: Al0ProofOptions): KrkPosition[] {
  const positions = wonWhitePositions();
  if (options.sample === undefined || options.sample >= positions.length) return positions;
  return new Random(options.seed ?? 1).shuffle(positions).slice(0, options.sample);
}

/** Counts the endings and keeps the longest mate, the mean excess, the worst games and the failures. */
function summarize(
  starts: readonly KrkPosition[],
  play: (start: KrkPosition) => Al0Game,
  options: Al0ProofOptions,
): Al0ProofSummary {
  const endings = Object.fromEntries(AL0_ENDINGS.map((ending) => [ending, 0])) as Record<Al0Ending, number>;
  let maxMoves = 0;
  let excess = 0;
  const keep = options.worst ?? 10;
  const worst: Al0Game[] = [];
  const failures: Al0Game[] = [];
  const over = (game: Al0Game): number => game.moves - game.optimal;
  starts.forEach((start, index) => {
    const game = play(start);
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
    if (index % 1000 === 999 || index === starts.length - 1) options.onProgress?.(index + 1, starts.length);
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

/** AL0 from every won White-to-move position (or a sample) against Black's perfect defence. */
export function runAl0Proof(options: Al0ProofOptions = {}): Al0ProofSummary {
  const variant = options.variant ?? PRODUCT_VARIANT;
  return summarize(startsFor(options), (start) => playAl0Game(start, variant), options);
}

/** White moves a fifty-move draw allows: a mate on White's 50th move comes at the 99th ply. */
export const FIFTY_MOVES = 50;

/**
 * AL0 against every defence (docs/krk.md §9). AL0's move is a function of the position and the tree
 * it follows, so the games from a start are the paths of a finite graph of (position, tree) states in
 * which Black picks every edge. AL0 wins from a start when no path reaches stalemate, the rook's
 * capture or a cycle (a repetition Black could force), and the longest path is at most 50 White moves.
 */
export class Al0Prover {
  private readonly table: readonly Rule[];
  /** One plan per root, so that a (position, tree) state is always the same pair of objects. */
  private readonly plans = new Map<number, ForcingTree | null>();
  private readonly treeIds = new Map<ForcingTree, number>();
  private readonly results = new Map<number, number | Al0Ending>();
  private readonly onPath = new Set<number>();

  constructor(variant: Al0Variant = PRODUCT_VARIANT) {
    this.table = adviceTable(variant);
  }

  /** The most White moves to mate Black can force from `start` (White to move, no tree), or how Black escapes. */
  longest(start: KrkPosition): number | Al0Ending {
    return this.visit(start, null);
  }

  private treeId(tree: ForcingTree): number {
    let id = this.treeIds.get(tree);
    if (id === undefined) {
      id = this.treeIds.size + 1;
      this.treeIds.set(tree, id);
    }
    return id;
  }

  private planAt(position: KrkPosition): ForcingTree | null {
    const root = tableIndex(position.wk, position.wr, position.bk);
    let plan = this.plans.get(root);
    if (plan === undefined) {
      plan = strategy(this.table, { ...position, depth: 0 })?.tree ?? null;
      this.plans.set(root, plan);
    }
    return plan;
  }

  private visit(position: KrkPosition, tree: ForcingTree | null): number | Al0Ending {
    const key =
      (tree === null ? 0 : this.treeId(tree)) * 262_144 + tableIndex(position.wk, position.wr, position.bk);
    const known = this.results.get(key);
    if (known !== undefined) return known;
    if (this.onPath.has(key)) return "repetition";
    const plan = tree ?? this.planAt(position);
    let result: number | Al0Ending = "no-advice";
    if (plan !== null) {
      this.onPath.add(key);
      const after = applyMove(position, plan.move);
      const replies = legalMovesOf(after);
      result = replies.length === 0 ? (blackInCheck(after) ? 1 : "stalemate") : 0;
      for (const reply of replies) {
        if (typeof result !== "number") break;
        const next = applyMove(after, reply);
        const below = next.wr === NO_ROOK ? "rook-lost" : this.visit(next, plan.replies?.get(reply) ?? null);
        result = typeof below === "number" ? Math.max(result, below + 1) : below;
      }
      this.onPath.delete(key);
    }
    this.results.set(key, result);
    return result;
  }
}

/**
 * The proof against every defence over all won starts (or a sample): `moves` of each game is the
 * longest Black can force, and a start whose longest game passes 50 moves counts as a 50-move draw.
 */
export function proveAgainstEveryDefence(options: Al0ProofOptions = {}): Al0ProofSummary {
  const prover = new Al0Prover(options.variant ?? PRODUCT_VARIANT);
  const dtm = krkTables().whiteToMove;
  return summarize(
    startsFor(options),
    (start) => {
      const value = prover.longest(start);
      const optimal = dtm[tableIndex(start.wk, start.wr, start.bk)] ?? 0;
      if (typeof value !== "number") return { start, ending: value, moves: 0, optimal };
      return { start, ending: value <= FIFTY_MOVES ? "mated" : "fifty-moves", moves: value, optimal };
    },
    options,
  );
}
