import { checkRolls, diceOf } from "./chance.js";
import { type GameError, gameError } from "./errors.js";
import type { Game, Seat } from "./game.js";
import { type Result, err, ok } from "./result.js";

/**
 * The checks every game's `play` makes, in one fixed order: the game is
 * still on, the seat is the one to move, the move is legal, and the dice
 * given are the ones the move rolls (none for a move without chance).
 */
export function checkedPlay<S, M>(
  game: Pick<Game<S, M, unknown>, "toMove" | "legalMoves" | "apply" | "formatMove" | "diceFor">,
  state: S,
  move: M,
  seat: Seat | undefined,
  /** A game can answer without listing every legal move (Othello: one bit of its move mask). */
  isLegal: (state: S, move: M) => boolean = (s, m) => game.legalMoves(s).some((c) => Object.is(c, m)),
  rolls?: readonly number[],
): Result<S, GameError> {
  const toMove = game.toMove(state);
  if (toMove.length === 0) return err(gameError("game-over", "the game is over"));
  if (seat !== undefined && (typeof seat !== "number" || !toMove.includes(seat))) {
    // The seat may come from untrusted input, so it is not interpolated unless it is a number.
    return err(
      gameError("wrong-seat", typeof seat === "number" ? `seat ${seat} is not to move` : "not a seat"),
    );
  }
  if (!isLegal(state, move)) {
    return err(gameError("illegal-move", "that move is not legal here"));
  }
  const faces = diceOf(game, state, move);
  const wrongDice = checkRolls(faces, rolls);
  if (wrongDice !== null) return err(wrongDice);
  return ok(game.apply(state, move, faces.length === 0 ? undefined : rolls));
}
