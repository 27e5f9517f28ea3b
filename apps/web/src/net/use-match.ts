"use client";

import {
  CLIENT_EVENTS,
  type AckFor,
  type ClientEventName,
  type ClientInput,
  type Snapshot,
  type VersionedEvent,
} from "@arena/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { updateOffset } from "../lib/clock";
import { useArena } from "./arena-context";
import { initialFromEvents, initialFromOptions } from "./initial";
import { applyEvent, modelFromSnapshot, rebuildHistory, type MatchModel } from "./match-model";

export interface MatchHandle {
  readonly model: MatchModel | null;
  readonly error: string | null;
  /** Server time − local time, for the clocks. */
  readonly offset: number;
  /** True while a resync after a reconnect or a gap is under way. */
  readonly syncing: boolean;
  /** The last event applied, for sounds and animations. */
  readonly lastEvent: VersionedEvent | null;
  /** Sends a match command with the current version filled in. */
  readonly command: <E extends ClientEventName>(
    event: E,
    payload: Omit<ClientInput<E>, "matchId" | "version">,
  ) => Promise<AckFor<E>>;
}

type Payload = { matchId: string } & VersionedEvent;

/** A match command's payload: commands name the version they were based on; flag and rematch carry none. */
export function commandBody<E extends ClientEventName>(
  event: E,
  matchId: string,
  version: number,
  payload: Omit<ClientInput<E>, "matchId" | "version">,
): ClientInput<E> {
  const versioned = "version" in CLIENT_EVENTS[event].shape;
  const body = versioned ? { matchId, version, ...payload } : { matchId, ...payload };
  return body as unknown as ClientInput<E>;
}

/** Subscribes to one match: snapshot on watch, versioned events after, resync on gaps and reconnects. */
export function useMatch(matchId: string, inviteToken: string | null): MatchHandle {
  const { client, connectCount, state } = useArena();
  const [model, setModelState] = useState<MatchModel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [syncing, setSyncing] = useState(false);
  const [lastEvent, setLastEvent] = useState<VersionedEvent | null>(null);
  const modelRef = useRef<MatchModel | null>(null);
  const offsetRef = useRef<number | null>(null);
  const pending = useRef<VersionedEvent[]>([]);
  const syncingRef = useRef(false);

  const setModel = useCallback((next: MatchModel) => {
    modelRef.current = next;
    setModelState(next);
  }, []);

  const noteServerTime = useCallback((serverTime: number) => {
    offsetRef.current = updateOffset(offsetRef.current, serverTime, Date.now());
    setOffset(offsetRef.current);
  }, []);

  const loadInitial = useCallback(
    async (snapshot: Snapshot) => {
      if (client === null || snapshot.moves.length === 0 || modelRef.current?.history) return;
      let initial: unknown = null;
      const ack = await client.request("match:sync", { matchId, sinceVersion: 0 });
      if (ack.ok && ack.kind === "events") initial = initialFromEvents(snapshot.gameId, ack.events);
      if (initial === null && snapshot.gameId !== "dice-of-doom") {
        initial = initialFromOptions(snapshot.gameId, snapshot.options, 0);
      }
      const current = modelRef.current;
      if (initial === null || current === null) return;
      const history = rebuildHistory(current.snapshot, initial);
      if (history !== null) setModel({ ...current, initial, history });
    },
    [client, matchId, setModel],
  );

  const acceptSnapshot = useCallback(
    (snapshot: Snapshot) => {
      noteServerTime(snapshot.now);
      const previous = modelRef.current;
      const next = modelFromSnapshot(snapshot, previous?.initial ?? null);
      setModel(next);
      const queued = pending.current;
      pending.current = [];
      for (const entry of queued) {
        const current = modelRef.current;
        if (current === null) break;
        const result = applyEvent(current, entry);
        if (result.kind === "applied") setModel(result.model);
      }
      void loadInitial(snapshot);
    },
    [loadInitial, noteServerTime, setModel],
  );

  const resync = useCallback(async () => {
    const current = modelRef.current;
    if (client === null || syncingRef.current) return;
    syncingRef.current = true;
    setSyncing(true);
    try {
      if (current !== null) {
        const ack = await client.request("match:sync", { matchId, sinceVersion: current.snapshot.version });
        if (ack.ok && ack.kind === "snapshot") {
          acceptSnapshot(ack.snapshot);
          return;
        }
        if (ack.ok) {
          let model = modelRef.current ?? current;
          let gap = false;
          for (const entry of ack.events) {
            noteServerTime(entry.at);
            const result = applyEvent(model, entry);
            if (result.kind === "gap") {
              gap = true;
              break;
            }
            if (result.kind === "applied") model = result.model;
          }
          setModel(model);
          if (!gap) return;
        }
      }
      const watched = await client.request("match:watch", {
        matchId,
        ...(inviteToken === null ? {} : { inviteToken }),
      });
      if (watched.ok) {
        setError(null);
        acceptSnapshot(watched.snapshot);
      } else setError(watched.message);
    } finally {
      syncingRef.current = false;
      setSyncing(false);
    }
  }, [acceptSnapshot, client, inviteToken, matchId, noteServerTime, setModel]);

  useEffect(() => {
    if (client === null) return;
    const socket = client.socket;
    const onEvent = (payload: Payload) => {
      if (payload.matchId !== matchId) return;
      const entry: VersionedEvent = { version: payload.version, at: payload.at, event: payload.event };
      noteServerTime(entry.at);
      const current = modelRef.current;
      if (current === null || syncingRef.current) {
        pending.current.push(entry);
        return;
      }
      const result = applyEvent(current, entry);
      if (result.kind === "applied") {
        setModel(result.model);
        setLastEvent(entry);
      } else if (result.kind === "gap") void resync();
    };
    const onSnapshot = ({ snapshot }: { snapshot: Snapshot }) => {
      if (snapshot.matchId === matchId) acceptSnapshot(snapshot);
    };
    const onPresence = (update: {
      matchId: string;
      viewers: number;
      seats: readonly { seat: number; connected: boolean; offlineSince: number | null; gone: boolean }[];
    }) => {
      const current = modelRef.current;
      if (update.matchId !== matchId || current === null) return;
      const seats = current.snapshot.seats.map((view) => {
        const p = update.seats.find((s) => s.seat === view.seat);
        return p === undefined || view.kind !== "human"
          ? view
          : {
              ...view,
              connected: p.connected,
              offlineSince: p.offlineSince as typeof view.offlineSince,
              gone: p.gone,
            };
      });
      setModel({ ...current, snapshot: { ...current.snapshot, seats, viewers: update.viewers } });
    };
    socket.on("match:event", onEvent);
    socket.on("match:snapshot", onSnapshot);
    socket.on("presence:update", onPresence);
    return () => {
      socket.off("match:event", onEvent);
      socket.off("match:snapshot", onSnapshot);
      socket.off("presence:update", onPresence);
    };
  }, [acceptSnapshot, client, matchId, noteServerTime, resync, setModel]);

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

  const command = useCallback(
    async <E extends ClientEventName>(
      event: E,
      payload: Omit<ClientInput<E>, "matchId" | "version">,
    ): Promise<AckFor<E>> => {
      if (client === null) return { ok: false, code: "unavailable", message: "not connected" };
      const version = modelRef.current?.snapshot.version ?? 0;
      const ack = await client.request(event, commandBody(event, matchId, version, payload));
      if (!ack.ok && ack.code === "stale-version") void resync();
      return ack;
    },
    [client, matchId, resync],
  );

  return { model, error, offset, syncing, lastEvent, command };
}
