// The only place that reads the environment. NEXT_PUBLIC_* values are inlined at build time.

/**
 * The game server's base URL, for the socket and the REST API alike: `NEXT_PUBLIC_SOCKET_URL`, else this
 * page's host on port 4000.
 */
export function serverUrl(): string {
  const configured = process.env.NEXT_PUBLIC_SOCKET_URL;
  if (configured !== undefined && configured !== "") return configured.replace(/\/+$/, "");
  return `${location.protocol}//${location.hostname}:4000`;
}
