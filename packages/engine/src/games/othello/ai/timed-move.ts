/**
 * What levels 7 and 8 share around their searches: the per-move time budget from the clock, the answer
 * when there is nothing to think about, and the exact solver's answer within a deadline. The clock is
 * injected (`now()`, in milliseconds); nothing here reads real time.
 */
import { popcount32 } from "../bitboard.js";
import { type OthelloState, legalMoves } from "../rules.js";
import { PASS } from "../squares.js";
import type { EndgameSolver } from "./solver.js";

export interface TimeBudget {
  /** Aim to finish the move within this many ms. */
  readonly targetMs: number;
  /** Never search past this many ms, whatever the search is doing. */
  readonly hardMs: number;
}

/**
 * Splits the remaining time over the moves still to come. Our side plays
 * about half of the remaining 60 − moveNumber moves; a reserve (5% of the
 * clock, at most 1 s, at least 10 ms) is never planned, so a move that
 * overruns its target by the whole hard margin still leaves time on the
 * clock. The increment is added on top, as it comes back after the move.
 */
export function timeBudget(remainingMs: number, incrementMs: number, moveNumber: number): TimeBudget {
  const reserve = Math.max(10, Math.min(1000, remainingMs * 0.05));
  const usable = Math.max(0, remainingMs - reserve);
  const movesLeft = Math.max(1, Math.ceil((61 - moveNumber) / 2));
  const target = Math.min(usable / (movesLeft + 1) + incrementMs * 0.8, usable * 0.5);
  const hard = Math.min(usable * 0.6, Math.max(target * 3, target + incrementMs));
  return { targetMs: Math.max(0, target), hardMs: Math.max(0, hard) };
}

/** A timed level's move and what it cost. */
export interface TimedMove {
  /** The chosen move; PASS when forced; -1 when the game is over. */
  readonly move: number;
  /** Deepest completed iteration (empties when solved exactly). */
  readonly depth: number;
  /** The search's value (or, when `solved`, the exact disc difference). */
  readonly value: number;
  readonly nodes: number;
  readonly solved: boolean;
  readonly elapsedMs: number;
}

/** Discs on the board (4 at the start, 64 on a full board). */
export function discsOf(state: OthelloState): number {
  return popcount32(state.blackLo | state.whiteLo) + popcount32(state.blackHi | state.whiteHi);
}

/** The move when there is no choice: -1 once the game is over, PASS when forced; null otherwise. */
export function forcedMove(state: OthelloState): TimedMove | null {
  const legal = legalMoves(state);
  if (legal.length === 0) return { move: -1, depth: 0, value: 0, nodes: 0, solved: false, elapsedMs: 0 };
  if (legal[0] === PASS) return { move: PASS, depth: 0, value: 0, nodes: 0, solved: false, elapsedMs: 0 };
  return null;
}

/** The exact solver's move if it finishes by `deadline` (else null), and the nodes it searched either way. */
export function solvedMove(
  solver: EndgameSolver,
  state: OthelloState,
  timing: { readonly now: () => number; readonly start: number; readonly deadline: number },
): { readonly move: TimedMove | null; readonly nodes: number } {
  const { now, start, deadline } = timing;
  const solved = solver.solve(state, { now, deadline });
  if (solved.aborted || solved.bestMove < 0) return { move: null, nodes: solved.nodes };
  const move = {
    move: solved.bestMove,
    depth: 64 - discsOf(state),
    value: solved.score,
    nodes: solved.nodes,
    solved: true,
    elapsedMs: now() - start,
  };
  return { move, nodes: solved.nodes };
}
