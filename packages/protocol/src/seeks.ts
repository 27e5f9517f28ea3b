import { z } from "./zod.js";
import { type Failure } from "./errors.js";
import { type MatchId, type Millis } from "./ids.js";
import { TimeControl } from "./model.js";

/** A quick-pairing pool's id: `<gameId>:<time control>`, e.g. the 3+2 pool of a game (docs/protocol.md). */
export const PoolId = z.string().min(1).max(64);
export type PoolId = z.infer<typeof PoolId>;

/** One cell of the quick-pairing grid: a game (with its default options) and a time control. */
export const PoolInfo = z.object({
  id: PoolId,
  gameId: z.string(),
  /** The time control's usual name, minutes + increment seconds ("3+2"). */
  name: z.string(),
  timeControl: TimeControl,
  /** The rating pool a rated game of this cell counts in (game × speed). */
  speed: z.string(),
});
export type PoolInfo = z.infer<typeof PoolInfo>;

/** `GET /api/pools`: the quick-pairing grid, in display order. */
export interface PoolsResponse {
  readonly ok: true;
  readonly pools: readonly PoolInfo[];
}

/** How many are seeking in each pool (pools nobody seeks in are left out). */
export type SeekCounts = Readonly<Record<PoolId, number>>;

/** Why a seek ended without a pairing, as `seek:ended` tells its socket. */
export const SEEK_END_REASONS = [
  /** The same user entered another seek (one seek per user): the newer one stands. */
  "replaced",
  /** The user cancelled it from another socket (tab). */
  "cancelled",
  /** The pairing was made but its room could not be created (the store failed): enter again. */
  "failed",
] as const;
export type SeekEndReason = (typeof SEEK_END_REASONS)[number];

export interface SeekPaired {
  readonly poolId: PoolId;
  readonly matchId: MatchId;
}

export interface SeekEnded {
  readonly poolId: PoolId;
  readonly reason: SeekEndReason;
}

/**
 * `seek:enter` refused: the user's paired games were aborted for not moving too often lately, and pairing
 * is closed to them until `until` (docs/protocol.md, "Quick pairing").
 */
export interface Playbanned extends Failure {
  readonly code: "playban";
  readonly retryAfterMs: number;
  /** Server time the ban ends. */
  readonly until: Millis;
}
