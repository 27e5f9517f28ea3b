import { Random } from "../../../core/rng.js";
import { parseKrkOptions } from "../index.js";
import { bestMovesOf, krkTables, MAX_DTM } from "../oracle.js";
import { type KrkPosition, WHITE } from "../position.js";
import { type KrkState, applyToState, stateAt } from "../state.js";
import { Al0Session } from "./al0/session.js";
import { type Al0Variant, BOOK_VARIANT } from "./al0/table.js";

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
  /** The games with the most excess moves (non-mates first), worst first. */
  readonly worst: readonly Al0Game[];
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
  const badness = (game: Al0Game): number => (game.ending === "mated" ? game.moves - game.optimal : 1000);
  positions.forEach((start, index) => {
    const game = playAl0Game(start, options.variant ?? BOOK_VARIANT);
    endings[game.ending]++;
    if (game.ending === "mated") {
      maxMoves = Math.max(maxMoves, game.moves);
      excess += game.moves - game.optimal;
    }
    if (keep > 0 && (worst.length < keep || badness(game) > badness(worst[worst.length - 1] as Al0Game))) {
      worst.push(game);
      worst.sort((a, b) => badness(b) - badness(a));
      worst.length = Math.min(worst.length, keep);
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
  };
}
