import { networkInterfaces } from "node:os";

/**
 * The addresses a friend can open: every non-internal IPv4 and IPv6 address of this machine (link-local
 * IPv6 left out: browsers cannot open them without a zone), as dev servers print them. Listening on one
 * address gives that address alone.
 */
export function reachableUrls(host: string, port: number, interfaces = networkInterfaces()): string[] {
  const url = (address: string) => `http://${address.includes(":") ? `[${address}]` : address}:${port}/`;
  if (host !== "0.0.0.0" && host !== "::") return [url(host)];
  const urls: string[] = [];
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.internal) continue;
      if (entry.family === "IPv6" && (host === "0.0.0.0" || entry.address.toLowerCase().startsWith("fe80:")))
        continue;
      urls.push(url(entry.address));
    }
  }
  return urls;
}
