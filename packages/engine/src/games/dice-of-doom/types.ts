import type { Seat } from "../../core/game.js";

export const GAME_ID = "dice-of-doom";

/** v2 ("classic", deterministic attacks) and v4 ("chance", dice rolls) of the book. */
export const RULES = ["classic", "chance"] as const;
export type DiceOfDoomRules = (typeof RULES)[number];

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
export const MIN_SIZE = 2;
export const MAX_SIZE = 8;
export const MIN_DICE = 2;
export const MAX_DICE = 8;

export interface DiceOfDoomOptions {
  readonly players: number;
  /** Board side N; the board has N² hexes. */
  readonly size: number;
  readonly maxDice: number;
  readonly rules: DiceOfDoomRules;
}

/** Owner of a hex whose seat was eliminated: it cannot attack, and anyone may attack it. */
export const NEUTRAL = -1;

/** The board alone: enough for the pure helpers (neighbours, clusters, threats). */
export interface DiceOfDoomBoard {
  readonly size: number;
  /** Owner seat per hex, `pos = x + size * y` (row 0 at the top), or NEUTRAL. */
  readonly owner: readonly number[];
  /** Dice per hex, 1..maxDice. */
  readonly dice: readonly number[];
}

/**
 * An immutable position. Arrays are never mutated after a state is built;
 * unchanged ones are shared between a state and its successors.
 */
export interface DiceOfDoomState extends DiceOfDoomBoard {
  readonly options: DiceOfDoomOptions;
  /** The seat to move; always a live seat. */
  readonly player: Seat;
  /** Defender dice met this turn (captured, or in chance rules also failed against). */
  readonly spare: number;
  /** No action taken yet this turn, so passing is not allowed. */
  readonly firstMove: boolean;
  readonly eliminated: readonly boolean[];
  /** Derived from the rest (never serialized): cached so `toMove` and `outcome` stay O(1). */
  readonly over: boolean;
}
