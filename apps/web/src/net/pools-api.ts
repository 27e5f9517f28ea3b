import type { PoolInfo, PoolsResponse } from "@arena/protocol";

export type PoolList =
  | { readonly ok: true; readonly pools: readonly PoolInfo[] }
  | { readonly ok: false; readonly message: string };

/**
 * Fetches the quick-pairing grid from the game server at `baseUrl` (docs/protocol.md, "Quick pairing"),
 * read as the protocol types it; a failed answer or a network failure reads as a failure.
 */
export async function fetchPools(baseUrl: string): Promise<PoolList> {
  try {
    const response = await fetch(`${baseUrl}/api/pools`);
    if (!response.ok) return { ok: false, message: `the server answered ${response.status}` };
    const { pools } = (await response.json()) as PoolsResponse;
    return { ok: true, pools };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "the server is not reachable" };
  }
}
