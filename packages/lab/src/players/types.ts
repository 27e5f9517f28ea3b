import type { Random } from "@arena/engine/core/rng";

/** Counts the positions a player visited, summed over a game or a series. */
export interface NodeCounter {
  count: number;
}

/**
 * What a player is told when asked for a move. The runner owns the clock:
 * `remainingMs` is a copy (PAIP keeps `*clock*` as a copy for the same
 * reason), so a player cannot change anyone's time.
 */
export interface PlayerContext {
  /** The runner's clock, in milliseconds; injected so that players stay pure and tests can fake it. */
  now(): number;
  /** Time left on the mover's clock before this move; Infinity without a clock. */
  readonly remainingMs: number;
  /** Added to the mover's clock after each move. */
  readonly incrementMs: number;
  /** Seeded per game and seat, so a series replays exactly. */
  readonly random: Random;
  readonly nodes: NodeCounter;
  /** Under a move ceiling (`withMoveCeiling`), what the move aims at: `ChooseOptions.aimMs`. */
  readonly aimMs?: number;
}

/** What a searching player thinks of a position (for NBoard hints and logs). */
export interface Analysis<M> {
  readonly move: M;
  /** From the mover's point of view, in the evaluator's unit. */
  readonly value: number;
  readonly depth: number;
  readonly pv: readonly M[];
  readonly nodes: number;
}

/** A strategy in PAIP's sense: a function from a position to a move, with a name for tables. */
export interface Player<S = unknown, M = unknown> {
  readonly name: string;
  /** Returns one of `legalMoves(state)`; only called while the game is on. */
  choose(state: S, ctx: PlayerContext): M;
  /** Searching players also report value, depth and principal variation. */
  analyze?(state: S, ctx: PlayerContext): Analysis<M>;
}

/** A player whose state and move types are not known to the caller (registry lookups). */
export type AnyPlayer = Player<unknown, unknown>;
