"use client";

import { useSyncExternalStore } from "react";
import type { ServerToClientEvents } from "@arena/protocol";
import type { ArenaSocket } from "../net/client";
import { Inbox, type InboxState } from "./inbox";

/** The tab's one inbox: it outlives each page's socket (docs/web.md, "My games"). */
export const tabInbox = new Inbox(() => performance.now());

/** Feeds the inbox from a page's socket, until the returned function stops it. */
export function feedInbox(socket: ArenaSocket, inbox: Inbox = tabInbox): () => void {
  const handlers: Partial<ServerToClientEvents> = {
    "session:ready": (session) => inbox.identify(session.user.id),
    "games:list": ({ games }) => inbox.listed(games),
    "games:game": (change) => inbox.changed(change),
    "invite:received": (invitation) => inbox.invited(invitation),
    "tournament:invited": (invitation) => inbox.tournamentInvited(invitation),
    "rematch:offered": (offer) => inbox.rematchOffered(offer),
  };
  const events = Object.entries(handlers) as [keyof ServerToClientEvents, (...args: never[]) => void][];
  const untyped = socket as unknown as {
    on(event: string, handler: (...args: never[]) => void): void;
    off(event: string, handler: (...args: never[]) => void): void;
  };
  for (const [event, handler] of events) untyped.on(event, handler);
  return () => {
    for (const [event, handler] of events) untyped.off(event, handler);
  };
}

const subscribe = (listener: () => void) => tabInbox.subscribe(listener);
const snapshot = () => tabInbox.current;

/** The inbox as it is now; the component renders again on each change. */
export function useInbox(): InboxState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
