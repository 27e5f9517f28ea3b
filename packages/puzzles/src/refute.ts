/**
 * A wrong move's refutation (docs/puzzles.md, "Serving and rating"): the position after the moves played,
 * then both sides' best play by the game's exact solver, the same for every game through its finder.
 */
import { type GameError, type Result, err, getGame, isGameId, ok } from "@arena/engine";
import { puzzleFinder } from "./registry.js";

export interface RefutationRequest {
  readonly gameId: string;
  /** The puzzle's position, in its notation. */
  readonly position: string;
  /** The moves played from it, the wrong move last. */
  readonly moves: readonly string[];
  /** Best-play plies after the wrong move. */
  readonly plies: number;
}

/** The wrong move, then the opponent's best play against it (and the player's best answers), `plies` deep. */
export function refute(request: RefutationRequest): Result<string[], GameError> {
  const { gameId, position, moves, plies } = request;
  const finder = isGameId(gameId) ? puzzleFinder(gameId) : null;
  if (!isGameId(gameId) || finder === null)
    return err({ code: "invalid-options", message: `no puzzles for ${gameId}` });
  const game = getGame(gameId);
  const loaded = finder.load(position);
  if (!loaded.ok) return loaded;
  let state = loaded.value;
  for (const text of moves) {
    const move = game.parseMove(state, text);
    if (!move.ok) return move;
    const played = game.play(state, move.value);
    if (!played.ok) return played;
    state = played.value;
  }
  const wrong = moves[moves.length - 1];
  return ok([...(wrong === undefined ? [] : [wrong]), ...finder.bestPlay(state, plies)]);
}
