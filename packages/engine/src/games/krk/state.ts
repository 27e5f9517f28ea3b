import { Random } from "../../core/rng.js";
import { parseFen } from "./fen.js";
import {
  BLACK,
  type KrkPosition,
  NO_ROOK,
  WHITE,
  applyMove,
  isCapture,
  legalMovesOf,
  positionKey,
  sideInCheck,
} from "./position.js";
import { MAX_DTM, krkTables } from "./oracle.js";
import type { KrkOptions } from "./options.js";

/*
 * A game of king and rook against king: the position, the clocks the 50-move rule needs, and the
 * positions before it for the repetition rule (docs/krk.md §2).
 */

/** How a game stands; every status but "ongoing" ends it. */
export const KRK_STATUSES = [
  "ongoing",
  "checkmate",
  "stalemate",
  "rook-captured",
  "fifty-moves",
  "repetition",
] as const;
export type KrkStatus = (typeof KRK_STATUSES)[number];

/** At this many plies without a capture the game is drawn (docs/krk.md §2). */
export const FIFTY_MOVE_PLIES = 100;
/** The third occurrence of a position draws. */
export const REPETITION_COUNT = 3;

export interface KrkState {
  readonly options: KrkOptions;
  readonly position: KrkPosition;
  /** Plies since the last capture (or since the start, with the FEN's clock added). */
  readonly halfmoveClock: number;
  /** The FEN move number: starts at the FEN's, goes up after each Black move. */
  readonly fullmove: number;
  readonly status: KrkStatus;
  /** Legal moves in canonical order; empty once the game is over. */
  readonly moves: readonly number[];
  /** The state before the last move (null at the start), so the game's history is a chain of states. */
  readonly previous: KrkState | null;
  /** The move that led here; -1 at the start. */
  readonly lastMove: number;
  /** How many times this position (placement and side to move) has occurred in this game, this one included. */
  readonly occurrences: number;
}

const NO_MOVES: readonly number[] = Object.freeze([]);

function statusOf(
  position: KrkPosition,
  moves: readonly number[],
  halfmoveClock: number,
  occurrences: number,
) {
  if (position.wr === NO_ROOK) return "rook-captured";
  // Mate and stalemate end the game at once, before the 50-move and repetition rules are looked at.
  if (moves.length === 0) return sideInCheck(position) ? "checkmate" : "stalemate";
  if (halfmoveClock >= FIFTY_MOVE_PLIES) return "fifty-moves";
  if (occurrences >= REPETITION_COUNT) return "repetition";
  return "ongoing";
}

function makeState(
  options: KrkOptions,
  position: KrkPosition,
  halfmoveClock: number,
  fullmove: number,
  previous: KrkState | null,
  lastMove: number,
): KrkState {
  const key = positionKey(position);
  let occurrences = 1;
  // Only positions with the same side to move can repeat: step back two plies at a time.
  for (
    let earlier = previous?.previous ?? null;
    earlier !== null;
    earlier = earlier.previous?.previous ?? null
  ) {
    if (positionKey(earlier.position) === key) occurrences++;
  }
  const legal = legalMovesOf(position);
  const status = statusOf(position, legal, halfmoveClock, occurrences);
  return {
    options,
    position,
    halfmoveClock,
    fullmove,
    status,
    moves: status === "ongoing" ? Object.freeze(legal) : NO_MOVES,
    previous,
    lastMove,
    occurrences,
  };
}

/** A state at `position` with no history before it. */
export function stateAt(
  options: KrkOptions,
  position: KrkPosition,
  halfmoveClock = 0,
  fullmove = 1,
): KrkState {
  return makeState(options, position, halfmoveClock, fullmove, null, -1);
}

/** The state after a legal move (unchecked). */
export function applyToState(state: KrkState, move: number): KrkState {
  const position = applyMove(state.position, move);
  const halfmoveClock = isCapture(state.position, move) ? 0 : state.halfmoveClock + 1;
  const fullmove = state.position.side === BLACK ? state.fullmove + 1 : state.fullmove;
  return makeState(state.options, position, halfmoveClock, fullmove, state, move);
}

/** The states of the game from its start to `state`, oldest first. */
export function historyOf(state: KrkState): KrkState[] {
  const states: KrkState[] = [];
  for (let at: KrkState | null = state; at !== null; at = at.previous) states.push(at);
  return states.reverse();
}

/** The moves played since the start, oldest first. */
export function movesPlayed(state: KrkState): number[] {
  return historyOf(state)
    .slice(1)
    .map((at) => at.lastMove);
}

/** The first state of the game. */
export function startOf(state: KrkState): KrkState {
  let at = state;
  while (at.previous !== null) at = at.previous;
  return at;
}

/**
 * Draws a White-to-move position uniformly from those the oracle rates `distance` moves from mate
 * (any distance when null): every one of them is a won position.
 */
export function randomWonPosition(seed: number, distance: number | null): KrkPosition {
  const table = krkTables().whiteToMove;
  const matches = (value: number): boolean => (distance === null ? value <= MAX_DTM : value === distance);
  let count = 0;
  for (const value of table) if (matches(value)) count++;
  let pick = new Random(seed).int(count);
  for (let index = 0; index < table.length; index++) {
    if (!matches(table[index] ?? 255)) continue;
    if (pick === 0) return { wk: index >> 12, wr: (index >> 6) & 63, bk: index & 63, side: WHITE };
    pick--;
  }
  throw new Error(`no White-to-move position at distance ${distance ?? "any"}`);
}

/** The start the options call for; `seed` picks the random positions. */
export function initialState(options: KrkOptions, seed: number): KrkState {
  switch (options.start) {
    case "random":
      return stateAt(options, randomWonPosition(seed, null));
    case "distance":
      return stateAt(options, randomWonPosition(seed, options.distance));
    case "fen": {
      // parseOptions has already validated and normalized this FEN.
      const parsed = parseFen(options.fen);
      if (!parsed.ok) throw new Error(`unvalidated krk options: ${parsed.error.message}`);
      return stateAt(options, parsed.value.position, parsed.value.halfmoveClock, parsed.value.fullmove);
    }
  }
}
