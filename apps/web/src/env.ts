// The only place that knows where the game server is.

/**
 * The game server's base URL, for the socket and the REST API alike: the page's own origin. The server
 * serves this app, its API and its sockets on one port, so any reverse proxy in front (TLS included)
 * carries all three; a page served from elsewhere is refused unless the server lists its origin.
 */
export function serverUrl(): string {
  return location.origin;
}

/** `next dev` (its error overlay evaluates code, which the pages' CSP then allows: lib/csp.ts). */
export function isDevelopment(): boolean {
  return process.env.NODE_ENV === "development";
}
