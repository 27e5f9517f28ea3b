import { type PoolInfo, type SeekCounts, type SeekEndReason } from "@arena/protocol";

/** The words of the quick-pairing grid, together for the message catalogues to come. */
export const QUICK_PAIRING_TEXT = {
  title: "Quick pairing",
  intro: "Press a time control to be paired with the next player who wants the same game.",
  rated: "Rated",
  ratedHint: "Rated games are between logged-in players of similar rating.",
  seeking: "Looking for an opponent…",
  cancel: "Cancel",
  seekers: (n: number) => (n === 1 ? "1 seeking" : `${n} seeking`),
  ended: {
    replaced: "You started seeking in another tab.",
    cancelled: "Seeking was cancelled in another tab.",
    failed: "The game could not be created; press again.",
  } satisfies Record<SeekEndReason, string>,
  unavailable: "Quick pairing appears when the server is reachable.",
} as const;

/** What this tab's seek is doing. */
export type SeekState =
  | { readonly kind: "idle"; readonly notice: string | null }
  | { readonly kind: "entering"; readonly poolId: string }
  | { readonly kind: "seeking"; readonly poolId: string; readonly rated: boolean };

export type SeekAction =
  | { readonly type: "enter"; readonly poolId: string }
  | { readonly type: "entered"; readonly poolId: string; readonly rated: boolean }
  | { readonly type: "refused"; readonly message: string }
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
      return { kind: "idle", notice: action.message };
    case "cancelled":
      return IDLE;
    case "ended":
      return state.kind !== "idle" && state.poolId === action.poolId
        ? { kind: "idle", notice: QUICK_PAIRING_TEXT.ended[action.reason] }
        : state;
    case "disconnected":
      return state.kind === "idle" ? state : IDLE;
  }
}

/** The grid's rows: one per game, its pools in the server's order. */
export function poolRows(pools: readonly PoolInfo[]): { gameId: string; pools: PoolInfo[] }[] {
  const rows: { gameId: string; pools: PoolInfo[] }[] = [];
  for (const pool of pools) {
    const row = rows.find((r) => r.gameId === pool.gameId);
    if (row === undefined) rows.push({ gameId: pool.gameId, pools: [pool] });
    else row.pools.push(pool);
  }
  return rows;
}

/** The seekers a cell shows. */
export function seekersIn(counts: SeekCounts, poolId: string): number {
  return counts[poolId] ?? 0;
}
