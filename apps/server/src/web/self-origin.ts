import { type AddressInfo } from "node:net";

/**
 * The environment variable through which the web app, running in this process, reads this server's own
 * API over loopback while it renders a page (apps/web/src/net/own-api.ts; docs/web.md, "Light pages").
 */
export const SELF_ORIGIN_ENV = "ARENA_SELF_ORIGIN";

/** The origin this process answers on, as a loopback address when it listens on every interface. */
export function selfOrigin(address: AddressInfo): string {
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard ? (address.family === "IPv6" ? "::1" : "127.0.0.1") : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}
