"use client";

import type { Followed } from "@arena/match";
import type { AckFor, ClientEventName, InviteToken, Snapshot, VersionedEvent } from "@arena/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { updateOffset } from "../lib/clock";
import { useArena } from "./arena-context";
import { type CommandPayload, commandBody } from "./command-body";
import type { Refusal } from "../room/command-status";
import {
  EMPTY_FEED,
  type Feed,
  type FeedStep,
  beginSync,
  endSync,
  receiveEvent,
  receivePresence,
  receiveSnapshot,
  receiveSync,
} from "./match-feed";

/** Sends a match command with the match and the current version filled in. */
export type SendCommand = <E extends ClientEventName>(
  event: E,
  payload: CommandPayload<E>,
) => Promise<AckFor<E>>;

export interface MatchHandle {
  /** The match as the server folds it, with presence; null until the first snapshot. */
  readonly followed: Followed | null;
  /** The room's invite secret, if the server sent it (to the host only). */
  readonly invite: InviteToken | null;
  /** Why the match cannot be shown: the server's refusal, or a snapshot this build cannot read. */
  readonly error: Refusal | null;
  /** Server time − local time, for the clocks. */
  readonly offset: number;
  /** True while a resync after a reconnect or a gap is under way. */
  readonly syncing: boolean;
  /** The last live event applied, for sounds and redirects. */
  readonly lastEvent: VersionedEvent | null;
  readonly command: SendCommand;
}

/** Subscribes to one match: snapshot on watch, versioned events after, resync on gaps and reconnects. */
export function useMatch(matchId: string, inviteToken: string | null): MatchHandle {
  const { client, connectCount, state } = useArena();
  const [feed, setFeedState] = useState<Feed>(EMPTY_FEED);
  const [error, setError] = useState<Refusal | null>(null);
  const [offset, setOffset] = useState(0);
  const [lastEvent, setLastEvent] = useState<VersionedEvent | null>(null);
  const feedRef = useRef<Feed>(EMPTY_FEED);
  const offsetRef = useRef<number | null>(null);
  // Set below, once `resync` exists: a step may ask for one.
  const resyncRef = useRef<() => void>(() => undefined);

  const setFeed = useCallback((next: Feed) => {
    feedRef.current = next;
    setFeedState(next);
  }, []);

  /** Takes a step's feed and does what it asks. */
  const take = useCallback(
    (step: FeedStep) => {
      setFeed(step.feed);
      if (step.error !== null) setError({ code: "invalid-state", message: step.error });
      const last = step.applied.at(-1);
      if (last !== undefined) setLastEvent(last);
      if (step.resync) resyncRef.current();
    },
    [setFeed],
  );

  const noteServerTime = useCallback((serverTime: number) => {
    offsetRef.current = updateOffset(offsetRef.current, serverTime, Date.now());
    setOffset(offsetRef.current);
  }, []);

  const acceptSnapshot = useCallback(
    (snapshot: Snapshot) => {
      noteServerTime(snapshot.now);
      take(receiveSnapshot(feedRef.current, snapshot));
    },
    [noteServerTime, take],
  );

  const resync = useCallback(async () => {
    if (client === null || feedRef.current.syncing) return;
    setFeed(beginSync(feedRef.current));
    try {
      const current = feedRef.current.followed;
      if (current !== null) {
        const ack = await client.request("match:sync", { matchId, sinceVersion: current.model.version });
        if (ack.ok && ack.kind === "snapshot") {
          acceptSnapshot(ack.snapshot);
          return;
        }
        if (ack.ok) {
          for (const entry of ack.events) noteServerTime(entry.at);
          const synced = receiveSync(feedRef.current, ack.events);
          setFeed(synced.feed);
          if (!synced.gap) return;
        }
      }
      const watched = await client.request("match:watch", {
        matchId,
        ...(inviteToken === null ? {} : { inviteToken }),
      });
      if (watched.ok) {
        setError(null);
        acceptSnapshot(watched.snapshot);
      } else setError({ code: watched.code, message: watched.message });
    } finally {
      take(endSync(feedRef.current));
    }
  }, [acceptSnapshot, client, inviteToken, matchId, noteServerTime, setFeed, take]);

  useEffect(() => {
    resyncRef.current = () => void resync();
  }, [resync]);

  useEffect(() => {
    if (client === null) return;
    const socket = client.socket;
    const onEvent = (payload: { matchId: string } & VersionedEvent) => {
      if (payload.matchId !== matchId) return;
      const entry: VersionedEvent = { version: payload.version, at: payload.at, event: payload.event };
      noteServerTime(entry.at);
      take(receiveEvent(feedRef.current, entry));
    };
    const onPresence = (update: Parameters<typeof receivePresence>[1]) => {
      setFeed(receivePresence(feedRef.current, update));
    };
    socket.on("match:event", onEvent);
    socket.on("presence:update", onPresence);
    return () => {
      socket.off("match:event", onEvent);
      socket.off("presence:update", onPresence);
    };
  }, [client, matchId, noteServerTime, setFeed, take]);

  // Watch on first connect; on every reconnect, resync from the last version seen.
  useEffect(() => {
    if (client === null || state !== "connected") return;
    void resync();
  }, [client, connectCount, state, resync]);

  useEffect(() => {
    if (client === null) return;
    return () => {
      void client.request("match:unwatch", { matchId });
    };
  }, [client, matchId]);

  // A full page unload (closing the tab, another address) is a deliberate exit too: say so before the
  // socket closes, or the server sees a dropped connection and waits the longer timeout (docs/clocks.md §6).
  // A page restored from the back/forward cache follows the match again.
  useEffect(() => {
    if (client === null) return;
    const onPageHide = () => void client.request("match:unwatch", { matchId });
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void resync();
    };
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [client, matchId, resync]);

  const command = useCallback<SendCommand>(
    async (event, payload) => {
      if (client === null) return { ok: false, code: "unavailable", message: "not connected" };
      const version = feedRef.current.followed?.model.version ?? 0;
      const ack = await client.request(event, commandBody(event, matchId, version, payload));
      if (!ack.ok && ack.code === "stale-version") void resync();
      return ack;
    },
    [client, matchId, resync],
  );

  return {
    followed: feed.followed,
    invite: feed.invite,
    error,
    offset,
    syncing: feed.syncing,
    lastEvent,
    command,
  };
}
