import { type Seat } from "../../../core/game.js";
import { type SearchGame, alphaBeta, expectimax } from "../../../search/index.js";
import { scoreBoard } from "../board.js";
import { diceOfDoom } from "../index.js";
import { type DiceOfDoomState } from "../types.js";

/*
 * The book's AIs (docs/dice-of-doom.md §10), on the generic search:
 *
 * - v2 ("classic" rules): depth-limited alpha-beta, each attack or pass one
 *   ply, every leaf scored by `score-board` for the AI's seat, including
 *   real game-overs (the book has no win value). With more than two seats
 *   every other seat minimizes (paranoid), which is how `alphaBeta` sides
 *   seats: the root seat against everyone else, read from `toMove`.
 * - v4 ("chance" rules): the same without pruning (`expectimax`), an attack
 *   worth P·rate(success) + (1−P)·rate(fail) with the book's table, which
 *   `chanceOutcomes` supplies; the book searches 2 plies.
 *
 * Both play the first move of maximum value in the book's move order (pass
 * first when allowed, then attacks by source, targets in `neighbors` order),
 * which is `legalMoves`' order: the searches only replace the best move on
 * a strictly greater value.
 */

/** The book's `*ai-level*`: 4 plies in v2, 2 in v4. */
export const BOOK_DEPTH = { classic: 4, chance: 2 } as const;

/** `score-board` for `seat`: the book's leaf value. */
export function bookEvaluate(state: DiceOfDoomState, seat: Seat): number {
  return scoreBoard(state, seat);
}

export interface BookChoice {
  /** null when the game is over. */
  readonly move: number | null;
  /** Backed-up score-board value for the seat to move. */
  readonly value: number;
  readonly nodes: number;
}

/**
 * The book's move for the seat to move: v2's alpha-beta for classic rules,
 * v4's expectimax for chance rules, to `depth` plies (default: the book's).
 * `game` may wrap `diceOfDoom` (to watch a clock, say) without changing it.
 */
export function bookMove(
  state: DiceOfDoomState,
  depth?: number,
  game: SearchGame<DiceOfDoomState, number> = diceOfDoom,
): BookChoice {
  const rules = state.options.rules;
  const plies = depth ?? BOOK_DEPTH[rules];
  const scoring = { terminalValue: bookEvaluate };
  const result =
    rules === "classic"
      ? alphaBeta(game, state, plies, bookEvaluate, scoring)
      : expectimax(game, state, plies, bookEvaluate, scoring);
  return { move: result.move, value: result.value, nodes: result.stats.nodes };
}

/**
 * Value of `state` for `seat` by the book's `rate-position` (max at the
 * seat's nodes, min at everyone else's, chance attacks averaged), to
 * `depth` plies, without pruning.
 */
function rate(state: DiceOfDoomState, seat: Seat, depth: number): number {
  const moves = diceOfDoom.legalMoves(state);
  if (depth === 0 || moves.length === 0) return scoreBoard(state, seat);
  const maximizing = state.player === seat;
  let best = maximizing ? -Infinity : Infinity;
  for (const move of moves) {
    const value = rateMove(state, move, seat, depth);
    best = maximizing ? Math.max(best, value) : Math.min(best, value);
  }
  return best;
}

function rateMove(state: DiceOfDoomState, move: number, seat: Seat, depth: number): number {
  let value = 0;
  for (const outcome of diceOfDoom.chanceOutcomes(state, move)) {
    // The book's table says 1.0 for some attacks: their failure is not searched.
    if (outcome.probability > 0) value += outcome.probability * rate(outcome.state, seat, depth - 1);
  }
  return value;
}

/**
 * The book's `get-ratings`: the rating of every legal move for the seat to
 * move, in `legalMoves` order, to `depth` plies (each move is one), without
 * pruning. Shows why the book's AI chose what it did.
 */
export function bookRatings(state: DiceOfDoomState, depth?: number): number[] {
  const plies = depth ?? BOOK_DEPTH[state.options.rules];
  if (plies < 1) throw new RangeError("depth must be at least 1");
  return diceOfDoom.legalMoves(state).map((move) => rateMove(state, move, state.player, plies));
}
