import {
  type OthelloState,
  BLACK,
  applyMove,
  discCounts,
  legalMoves,
  parsePosition,
  STANDARD_START,
} from "@arena/engine/games/othello/rules";
import { PASS } from "@arena/engine/games/othello/squares";
import {
  type Strategy,
  type StrategyContext,
  createContext,
} from "@arena/engine/games/othello/ai/strategies";

export interface MatchResult {
  /** The final position. */
  readonly final: OthelloState;
  /** Every ply, passes included. */
  readonly moves: readonly number[];
  /** PAIP's result: black's discs minus white's on the final board (raw counts, not WOF). */
  readonly score: number;
}

/**
 * PAIP's `othello` without the clock: black moves first, a side with no move
 * passes without being asked, and the game ends when neither can move.
 * Returns `(count-difference black board)` as PAIP does.
 */
export function playMatch(
  black: Strategy,
  white: Strategy,
  options: { readonly start?: OthelloState; readonly context?: StrategyContext } = {},
): MatchResult {
  const context = options.context ?? createContext();
  let state = options.start ?? startPosition();
  const played: number[] = [];
  for (;;) {
    const legal = legalMoves(state);
    if (legal.length === 0) break;
    let move = PASS;
    if (legal[0] !== PASS) {
      move = (state.turn === BLACK ? black : white)(state, context);
      if (!legal.includes(move)) throw new Error(`strategy returned an illegal move ${move}`);
    }
    played.push(move);
    state = applyMove(state, move);
  }
  const { black: b, white: w } = discCounts(state);
  return { final: state, moves: played, score: b - w };
}

function startPosition(): OthelloState {
  const parsed = parsePosition(STANDARD_START);
  if (!parsed.ok) throw new Error("the standard start must parse");
  return parsed.value;
}
