/**
 * King and rook against king (docs/puzzles.md, "King and rook vs king"): a mate in 2 to 16 where every
 * White move of the line is the only shortest mate the oracle knows, Black's replies holding out longest;
 * and Black's defences, where every Black move of the line alone holds out longest.
 */
import { type GameError, Krk, type Result, krk } from "@arena/engine";
import type { MoveValue, ProofStep } from "../../puzzle.js";

export const MIN_MATE = 2;
export const MAX_MATE = Krk.KRK_MAX_DTM;
/** A defence puzzle: Black holds against a mate in 3 to 16, for 2 to 6 Black moves. */
export const MIN_HOLD_MATE = 3;
export const MIN_HOLD_MOVES = 2;
export const MAX_HOLD_MOVES = 6;

/** Each legal move of the side to move with the oracle's moves to mate after it (0: mate; null: a draw). */
export function rateMoves(position: Krk.KrkPosition): { move: number; value: number | null }[] {
  return Krk.rateMoves(position).map(({ move, movesToMate }) => ({ move, value: movesToMate }));
}

/** The one move mating soonest, or null when none mates or two mate equally soon. */
export function onlyShortestMate(rated: readonly { move: number; value: number | null }[]): number | null {
  let best: number | null = null;
  let bestValue = Infinity;
  let count = 0;
  for (const { move, value } of rated) {
    if (value === null) continue;
    if (value < bestValue) {
      bestValue = value;
      best = move;
      count = 1;
    } else if (value === bestValue) count++;
  }
  return count === 1 ? best : null;
}

/**
 * The one Black move holding out longest, or null when two hold equally long. A won position leaves Black no
 * draw, so every value is a number; a null (Black takes the rook) would be no defence puzzle at all.
 */
export function onlyLongestDefence(rated: readonly { move: number; value: number | null }[]): number | null {
  let best: number | null = null;
  let bestValue = -Infinity;
  let count = 0;
  for (const { move, value } of rated) {
    if (value === null) return null;
    if (value > bestValue) {
      bestValue = value;
      best = move;
      count = 1;
    } else if (value === bestValue) count++;
  }
  return count === 1 ? best : null;
}

export function proofStep(
  position: Krk.KrkPosition,
  move: number,
  rated: readonly { move: number; value: number | null }[],
): ProofStep {
  const values: MoveValue[] = rated.map((entry) => ({
    move: Krk.formatSan(position, entry.move),
    value: entry.value,
  }));
  return { move: Krk.formatSan(position, move), values };
}

/** The state of a puzzle's FEN, as a game started there (checked by the game's own options parser). */
export function loadKrk(fen: string): Result<Krk.KrkState, GameError> {
  const options = Krk.parseKrkOptions({ fen });
  if (!options.ok) return options;
  return { ok: true, value: krk.initial(options.value, 0) };
}
