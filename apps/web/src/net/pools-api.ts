import { PoolInfo } from "@arena/protocol";

export type PoolList =
  | { readonly ok: true; readonly pools: readonly PoolInfo[] }
  | { readonly ok: false; readonly message: string };

const Pools = PoolInfo.array();

/** Validates the `GET /api/pools` body (docs/protocol.md, "Quick pairing"). */
export function parsePools(body: unknown): PoolList {
  const pools = typeof body === "object" && body !== null && "pools" in body ? body.pools : undefined;
  const parsed = Pools.safeParse(pools);
  return parsed.success
    ? { ok: true, pools: parsed.data }
    : { ok: false, message: "the server's quick-pairing grid is not readable" };
}

/** Fetches the quick-pairing grid from the game server at `baseUrl`; a network failure reads as a failure. */
export async function fetchPools(baseUrl: string): Promise<PoolList> {
  try {
    const response = await fetch(`${baseUrl}/api/pools`);
    if (!response.ok) return { ok: false, message: `the server answered ${response.status}` };
    return parsePools(await response.json());
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "the server is not reachable" };
  }
}
