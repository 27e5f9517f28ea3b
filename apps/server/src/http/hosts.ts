import { type IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { type OriginCheck } from "./origins.js";

/**
 * The host names a request may be addressed to (`ALLOWED_HOSTS`, docs/architecture.md, "Security"): `any`
 * turns the check off (`ALLOWED_HOSTS=*`), else the names listed besides those always allowed.
 */
export type HostPolicy =
  { readonly any: true } | { readonly any: false; readonly names: ReadonlySet<string> };

/** Names that only ever reach this machine: `localhost` and its subdomains, which browsers resolve to loopback. */
function isLoopbackName(name: string): boolean {
  return name === "localhost" || name.endsWith(".localhost");
}

/** The host name of a `Host` header or a URL's host, lowercased, without port, brackets or trailing dot. */
export function hostName(host: string): string | null {
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
  if (name.startsWith("[") && name.endsWith("]")) name = name.slice(1, -1);
  return name.replace(/\.$/, "").toLowerCase();
}

/**
 * The policy from `ALLOWED_HOSTS` (entries: names, `host:port` or URLs; `*` for any) and the hosts of
 * `ALLOWED_ORIGINS`, whose pages open sockets here by name. `extra` are this machine's own names.
 */
export function hostPolicy(
  allowedHosts: readonly string[],
  allowedOrigins: readonly string[],
  extra: readonly string[] = [],
): HostPolicy {
  if (allowedHosts.includes("*")) return { any: true };
  const names = new Set<string>();
  for (const entry of [...allowedHosts, ...extra]) {
    const name = hostName(entry.replace(/^[a-z]+:\/\//i, "").split("/")[0] ?? "");
    if (name !== null) names.add(name);
  }
  for (const origin of allowedOrigins) {
    const name = hostName(new URL(origin).host);
    if (name !== null) names.add(name);
  }
  return { any: false, names };
}

/**
 * Whether a request's `Host` names this server. DNS rebinding points a name of the attacker's at this
 * machine, so its requests carry that name: refused unless listed. Loopback names and IP literals (the
 * printed LAN addresses, a port forward's) cannot be rebound and always pass; no Host at all is not a
 * browser (an HTTP/1.0 health check) and passes too.
 */
export function checkHost(host: string | undefined, policy: HostPolicy): OriginCheck {
  if (host === undefined || policy.any) return { ok: true };
  const name = hostName(host);
  if (name !== null && (isLoopbackName(name) || isIP(name) !== 0 || policy.names.has(name))) {
    return { ok: true };
  }
  return {
    ok: false,
    reason: `this server does not answer to the host name '${host.slice(0, 100)}': open it by its own address, or list the name in ALLOWED_HOSTS`,
  };
}

export function checkRequestHost(req: IncomingMessage, policy: HostPolicy): OriginCheck {
  return checkHost(req.headers.host, policy);
}
