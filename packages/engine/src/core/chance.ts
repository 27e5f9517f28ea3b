import { type GameError, gameError } from "./errors.js";
import type { Game } from "./game.js";
import type { Random } from "./rng.js";

const NO_DICE: readonly number[] = Object.freeze([]);

/** The dice `move` rolls in `state` (none for a game or move without chance). */
export function diceOf<S, M>(
  game: Pick<Game<S, M, unknown>, "diceFor">,
  state: S,
  move: M,
): readonly number[] {
  return game.diceFor === undefined ? NO_DICE : game.diceFor(state, move);
}

/**
 * Whether `rolls` are the results of exactly the dice `faces` lists, each from 1 to its number of faces;
 * null when they are, else the refusal. Rolls come from the server or a stored log, never from a player,
 * so a mismatch is a bug or tampering: the move is refused as malformed.
 */
export function checkRolls(faces: readonly number[], rolls: readonly number[] | undefined): GameError | null {
  const given = rolls ?? NO_DICE;
  if (given.length !== faces.length) {
    return gameError("malformed-move", `the move rolls ${faces.length} dice, ${given.length} results given`);
  }
  for (let i = 0; i < faces.length; i++) {
    const roll = given[i];
    const sides = faces[i] ?? 0;
    if (typeof roll !== "number" || !Number.isInteger(roll) || roll < 1 || roll > sides) {
      return gameError("malformed-move", `die ${i + 1} must show 1 to ${sides}`);
    }
  }
  return null;
}

/** Rolls the dice `faces` lists from `random`, in order. */
export function rollDice(faces: readonly number[], random: Random): number[] {
  return faces.map((sides) => 1 + random.int(sides));
}

/**
 * Applies a move taken from `legalMoves` for offline play (tournaments, the CLI, the web's board demo),
 * rolling its dice, if it has any, from `random`. Returns the rolls too, for the record.
 */
export function applyRolling<S, M>(
  game: Pick<Game<S, M, unknown>, "apply" | "diceFor">,
  state: S,
  move: M,
  random: Random,
): { readonly state: S; readonly rolls: readonly number[] } {
  const faces = diceOf(game, state, move);
  const rolls = faces.length === 0 ? NO_DICE : rollDice(faces, random);
  return { state: game.apply(state, move, faces.length === 0 ? undefined : rolls), rolls };
}
