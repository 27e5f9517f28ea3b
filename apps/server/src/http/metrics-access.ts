import { timingSafeEqual } from "node:crypto";
import { type IncomingMessage } from "node:http";

/** Headers a reverse proxy adds: a request that has one came from elsewhere, whatever its socket says. */
const FORWARDED = ["forwarded", "x-forwarded-for", "x-real-ip"] as const;

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read `/metrics` (docs/architecture.md, "Security"): a request from this machine that no proxy
 * forwarded (a scraper next to the server), or one with `Authorization: Bearer <METRICS_TOKEN>` when the
 * token is set. A reverse proxy on the same machine connects from loopback too, so a forwarded request
 * needs the token.
 */
export function mayReadMetrics(req: IncomingMessage, token: string | null): boolean {
  const authorization = req.headers.authorization;
  if (token !== null && typeof authorization === "string" && authorization.startsWith("Bearer ")) {
    return sameSecret(authorization.slice(7).trim(), token);
  }
  const forwarded = FORWARDED.some((name) => req.headers[name] !== undefined);
  return !forwarded && isLoopback(req.socket.remoteAddress);
}
