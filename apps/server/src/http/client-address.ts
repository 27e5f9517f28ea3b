import { isIPv4, isIPv6 } from "node:net";

/** IPv4 loopback, IPv6 loopback, and IPv4 loopback written as IPv6. */
function isLoopback(address: string): boolean {
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/**
 * The client address that per-address quotas count (docs/protocol.md, "Quotas"), or null when there is
 * none to count.
 *
 * - `trustedProxies` 0: the peer of the TCP connection.
 * - `trustedProxies` n: the n-th address from the right of `X-Forwarded-For` — the one the outermost
 *   trusted proxy saw. Every proxy appends the address it saw, so the entries to its left are whatever the
 *   client sent, and trusting them would let anyone pick a fresh address for each connection. A request
 *   with fewer entries than trusted proxies did not come through them: its peer counts.
 *
 * Loopback is not counted: behind a local proxy without `TRUST_PROXY` every client would share one address
 * and one quota (and the benchmarks and tests connect from there).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string | null {
  let address = peer;
  if (trustedProxies > 0 && forwardedFor !== undefined) {
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
      .split(",")
      .map((hop) => hop.trim())
      .filter((hop) => hop !== "");
    const seen = hops[hops.length - trustedProxies];
    if (seen !== undefined) address = seen;
  }
  if (address === undefined || !(isIPv4(address) || isIPv6(address)) || isLoopback(address)) return null;
  // A dual-stack listener reports IPv4 peers as IPv6-mapped: one client, one key.
  const mapped = address.startsWith("::ffff:") ? address.slice(7) : null;
  return mapped !== null && isIPv4(mapped) ? mapped : address;
}
