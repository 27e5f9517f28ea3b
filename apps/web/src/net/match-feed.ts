import { type Followed, applyEvent, applyEvents, follow, withPresence } from "@arena/match";
import type { InviteToken, PresenceUpdate, Snapshot, VersionedEvent } from "@arena/protocol";

/**
 * What a page holds of one match it follows, without React: the server's model rebuilt from a snapshot
 * and carried forward with the server's own fold (`@arena/match`), the events that arrived while a
 * resync was under way, and the invite secret the server sends the host alone. Every function returns
 * a new value.
 */
export interface Feed {
  readonly followed: Followed | null;
  readonly invite: InviteToken | null;
  /** Events that arrived before the first snapshot or during a resync, folded when it is over. */
  readonly pending: readonly VersionedEvent[];
  readonly syncing: boolean;
}

export const EMPTY_FEED: Feed = { followed: null, invite: null, pending: [], syncing: false };

/** A feed after a step, and what the page must do about it. */
export interface FeedStep {
  readonly feed: Feed;
  /** The live events this step folded (for sounds and redirects); never the ones a resync caught up. */
  readonly applied: readonly VersionedEvent[];
  /** Events were missed, or one did not fold: ask the server (`match:sync`). */
  readonly resync: boolean;
  /** The snapshot could not be followed (a game this build does not know). */
  readonly error: string | null;
}

function stepped(feed: Feed, over: Partial<Omit<FeedStep, "feed">> = {}): FeedStep {
  return { feed, applied: [], resync: false, error: null, ...over };
}

/** Folds the events queued during a resync, once there is a model and no resync is under way. */
function settle(feed: Feed): FeedStep {
  if (feed.followed === null || feed.syncing || feed.pending.length === 0) return stepped(feed);
  const { followed, gap } = applyEvents(feed.followed, feed.pending);
  return stepped({ ...feed, followed, pending: [] }, { resync: gap });
}

/** One `match:event` from the socket. */
export function receiveEvent(feed: Feed, entry: VersionedEvent): FeedStep {
  if (feed.followed === null || feed.syncing) return stepped({ ...feed, pending: [...feed.pending, entry] });
  const result = applyEvent(feed.followed, entry);
  if (result.kind === "gap") return stepped(feed, { resync: true });
  if (result.kind === "stale") return stepped(feed);
  return stepped({ ...feed, followed: result.followed }, { applied: [entry] });
}

/** A snapshot (the `match:watch` ack, or a `match:sync` answered with one): the model starts over. */
export function receiveSnapshot(feed: Feed, snapshot: Snapshot): FeedStep {
  const started = follow(snapshot);
  if (!started.ok) return stepped(feed, { error: started.message });
  return settle({ ...feed, followed: started.followed, invite: snapshot.inviteToken ?? feed.invite });
}

/** The events a `match:sync` answered with; `gap` when they do not join the model (watch again). */
export function receiveSync(
  feed: Feed,
  events: readonly VersionedEvent[],
): { readonly feed: Feed; readonly gap: boolean } {
  if (feed.followed === null) return { feed, gap: true };
  const { followed, gap } = applyEvents(feed.followed, events);
  return { feed: { ...feed, followed }, gap };
}

/** A `presence:update`: who is connected, who is gone, how many watch. */
export function receivePresence(feed: Feed, update: PresenceUpdate): Feed {
  if (feed.followed === null || update.matchId !== feed.followed.model.matchId) return feed;
  return { ...feed, followed: withPresence(feed.followed, update) };
}

export function beginSync(feed: Feed): Feed {
  return { ...feed, syncing: true };
}

/** The resync is over: the events that came meanwhile are folded (a gap among them asks again). */
export function endSync(feed: Feed): FeedStep {
  return settle({ ...feed, syncing: false });
}
