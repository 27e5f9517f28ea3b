/**
 * Puzzle ratings (docs/puzzles.md, "Serving and rating"): Glicko-2 as for games (ratings/glicko2.ts), with
 * lichess's puzzle rules: each rated attempt is a game between the player and the puzzle, τ = 0.75, and the
 * puzzle's change per attempt capped.
 */
import { type Puzzle } from "@arena/puzzles";
import { type Glicko, INITIAL, isProvisional, MIN_RD, rate } from "../ratings/glicko2.js";

/** The system constant of puzzle ratings: lichess's for puzzles (games use 0.5). */
export const PUZZLE_TAU = 0.75;
/** Rating points a puzzle moves at most per attempt: one player's luck never moves a puzzle far. */
export const PUZZLE_CHANGE_CAP = 20;
/** A new puzzle's deviation and volatility: lichess's Glicko-2 defaults (liglicko2: deviation up to 500, volatility 0.09). */
export const PUZZLE_START_RD = 500;
export const PUZZLE_START_VOLATILITY = 0.09;
/** A puzzle's deviation never drops below this, so that its rating keeps following the players. */
export const PUZZLE_MIN_RD = 60;
/** A player's first rated attempts are provisional too, whatever the deviation says. */
export const PROVISIONAL_ATTEMPTS = 5;

/** Initial ratings stay within these. */
const LOWEST = 800;
const HIGHEST = 2600;

/**
 * How far the best move stands from the next best in the first position, in the proof's own unit: discs,
 * moves to mate (a draw counts as 16 moves more), or Pons's score; 64 when the others are all far off.
 */
export function firstGap(puzzle: Puzzle): number {
  const step = puzzle.proof[0];
  if (step === undefined) return 64;
  const worth = (value: number | null): number =>
    puzzle.unit === "moves-to-mate" ? -(value ?? 32) : (value ?? -64);
  const best = step.values.find((entry) => entry.move === step.move);
  const others = step.values.filter((entry) => entry.move !== step.move).map((entry) => worth(entry.value));
  if (best === undefined || others.length === 0) return 64;
  return Math.max(1, worth(best.value) - Math.max(...others));
}

/**
 * A seed puzzle's rating before anyone has played it: 1000, plus 100 per player move after the first,
 * plus 600 / (1 + gap) for a first move that only just beats the next best (gap as `firstGap`), within
 * 800–2600. Deviation 500, so that the first attempts move it quickly to where players put it.
 */
export function initialPuzzleGlicko(puzzle: Puzzle): Glicko {
  const playerMoves = puzzle.proof.length;
  const raw = 1000 + 100 * (playerMoves - 1) + 600 / (1 + firstGap(puzzle));
  return {
    rating: Math.round(Math.min(HIGHEST, Math.max(LOWEST, raw))),
    rd: PUZZLE_START_RD,
    volatility: PUZZLE_START_VOLATILITY,
  };
}

/** A player's puzzle rating before their first rated attempt: as for games. */
export const PLAYER_START: Glicko = INITIAL;

/**
 * One rated attempt: the player scores 1 if solved, else 0, against the puzzle, and the puzzle the
 * opposite against the player; both with τ = 0.75. The player's deviation stays within [45, 350] as for
 * games; the puzzle's within [60, 500], and its rating moves at most `PUZZLE_CHANGE_CAP`.
 */
export function rateAttempt(
  player: Glicko,
  puzzle: Glicko,
  solved: boolean,
): { readonly player: Glicko; readonly puzzle: Glicko } {
  const score = solved ? 1 : 0;
  const nextPlayer = rate(player, [{ opponent: puzzle, score }], PUZZLE_TAU);
  const nextPuzzle = rate(puzzle, [{ opponent: player, score: 1 - score }], PUZZLE_TAU);
  const moved = Math.max(-PUZZLE_CHANGE_CAP, Math.min(PUZZLE_CHANGE_CAP, nextPuzzle.rating - puzzle.rating));
  return {
    player: { ...nextPlayer, rd: clamp(nextPlayer.rd, MIN_RD, INITIAL.rd) },
    puzzle: {
      ...nextPuzzle,
      rating: puzzle.rating + moved,
      rd: clamp(nextPuzzle.rd, PUZZLE_MIN_RD, PUZZLE_START_RD),
    },
  };
}

/** Shown with a "?": a deviation still high, or too few rated attempts. */
export function provisional(rd: number, attempts: number): boolean {
  return isProvisional(rd) || attempts < PROVISIONAL_ATTEMPTS;
}

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));
