import { type IncomingMessage } from "node:http";

export type OriginCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Whether a browser request may open a socket or call the API: from the page's own origin (the Origin's
 * host is the Host the request was sent to, which a reverse proxy passes on), from an origin listed in
 * `ALLOWED_ORIGINS`, or from no browser at all (no Origin header: bots and the CLI). Scheme and port count:
 * `http://a:3000` is not `https://a`.
 */
export function checkOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): OriginCheck {
  if (origin === undefined) return { ok: true };
  if (allowed.includes(origin)) return { ok: true };
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return { ok: false, reason: `origin '${origin.slice(0, 100)}' is not a URL` };
  }
  if (host !== undefined && originHost.toLowerCase() === host.toLowerCase()) return { ok: true };
  return {
    ok: false,
    reason: `origin ${origin.slice(0, 100)} may not connect here: open the game from this server's own address, or list the origin in ALLOWED_ORIGINS`,
  };
}

export function checkRequestOrigin(req: IncomingMessage, allowed: readonly string[]): OriginCheck {
  const origin = req.headers.origin;
  return checkOrigin(typeof origin === "string" ? origin : undefined, req.headers.host, allowed);
}
