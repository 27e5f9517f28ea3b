import type { PoolInfo, SeekCounts, SeekEndReason } from "@arena/protocol";

/** What the grid tells after a seek ends without a game: why it ended, or the server's refusal. */
export type SeekNotice =
  | { readonly kind: "ended"; readonly reason: SeekEndReason }
  | {
      readonly kind: "refused";
      readonly code: string;
      readonly message: string;
      /** A refusal that lasts (`playban`): when it ends, on this device's clock. */
      readonly until?: number;
    };

/** What this tab's seek is doing. */
export type SeekState =
  | { readonly kind: "idle"; readonly notice: SeekNotice | null }
  | { readonly kind: "entering"; readonly poolId: string }
  | { readonly kind: "seeking"; readonly poolId: string; readonly rated: boolean };

export type SeekAction =
  | { readonly type: "enter"; readonly poolId: string }
  | { readonly type: "entered"; readonly poolId: string; readonly rated: boolean }
  | { readonly type: "refused"; readonly code: string; readonly message: string; readonly until?: number }
  | { readonly type: "cancelled" }
  | { readonly type: "ended"; readonly poolId: string; readonly reason: SeekEndReason }
  /** The socket dropped: the server ended its seek. */
  | { readonly type: "disconnected" };

export const IDLE: SeekState = { kind: "idle", notice: null };

export function seekReducer(state: SeekState, action: SeekAction): SeekState {
  switch (action.type) {
    case "enter":
      return { kind: "entering", poolId: action.poolId };
    case "entered":
      // An answer to an entry the tab has since cancelled or replaced is not this tab's seek any more.
      return state.kind === "entering" && state.poolId === action.poolId
        ? { kind: "seeking", poolId: action.poolId, rated: action.rated }
        : state;
    case "refused":
      return {
        kind: "idle",
        notice: {
          kind: "refused",
          code: action.code,
          message: action.message,
          ...(action.until === undefined ? {} : { until: action.until }),
        },
      };
    case "cancelled":
      return IDLE;
    case "ended":
      return state.kind !== "idle" && state.poolId === action.poolId
        ? { kind: "idle", notice: { kind: "ended", reason: action.reason } }
        : state;
    case "disconnected":
      return state.kind === "idle" ? state : IDLE;
  }
}

/** A row of the grid: one game's real-time pools, or its correspondence ones (a row of their own). */
export interface PoolRow {
  readonly gameId: string;
  readonly correspondence: boolean;
  readonly pools: PoolInfo[];
}

/** The grid's rows, in the server's order. */
export function poolRows(pools: readonly PoolInfo[]): PoolRow[] {
  const rows: PoolRow[] = [];
  for (const pool of pools) {
    const correspondence = pool.speed === "correspondence";
    const row = rows.find((r) => r.gameId === pool.gameId && r.correspondence === correspondence);
    if (row === undefined) rows.push({ gameId: pool.gameId, correspondence, pools: [pool] });
    else row.pools.push(pool);
  }
  return rows;
}

/** The seekers a cell shows. */
export function seekersIn(counts: SeekCounts, poolId: string): number {
  return counts[poolId] ?? 0;
}
