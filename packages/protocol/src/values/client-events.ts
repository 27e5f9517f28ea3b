import type { ClientEventName } from "../client-events.js";

/**
 * The client events whose payload names the version of the match it was based on (docs/protocol.md,
 * "Versions"): the commands that change a match, but not a flag or a rematch. A test holds the list to the
 * schemas in `CLIENT_EVENTS`.
 */
export const VERSIONED_CLIENT_EVENTS = [
  "room:join-seat",
  "room:leave-seat",
  "room:set-ai",
  "room:kick-ai",
  "room:cancel",
  "room:invite",
  "room:decline",
  "match:move",
  "match:resign",
  "match:berserk",
  "forecast:set",
  "match:claim",
  "match:draw-offer",
  "match:draw-accept",
  "match:draw-decline",
  "match:takeback-ask",
  "match:takeback-accept",
  "match:takeback-decline",
  "match:abort",
  "room:spectator-chat",
] as const satisfies readonly ClientEventName[];
export type VersionedClientEvent = (typeof VERSIONED_CLIENT_EVENTS)[number];

const VERSIONED: ReadonlySet<string> = new Set(VERSIONED_CLIENT_EVENTS);

/** Whether a client event's payload carries the match's `version`. */
export function isVersionedClientEvent(event: ClientEventName): event is VersionedClientEvent {
  return VERSIONED.has(event);
}
