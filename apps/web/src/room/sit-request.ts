/**
 * What a room page opened to sit asks for (`?sit=open`: the lobby's one-click Join; `?sit=<seat>`: an
 * accepted invitation), or null for a page opened to look.
 */
export type SitRequest = "open" | number | null;

export function sitRequest(query: string | string[] | undefined): SitRequest {
  if (query === "open") return "open";
  if (typeof query === "string" && /^\d{1,2}$/.test(query)) return Number(query);
  return null;
}
