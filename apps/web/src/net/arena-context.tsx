"use client";

import type { SessionInfo } from "@arena/protocol";
import { usePathname } from "next/navigation";
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { serverUrl } from "../env";
import { feedInbox } from "../inbox/use-inbox";
import { writeAccountHint } from "./account-hint";
import { ArenaClient, type ConnectionState, matchOfPath } from "./client";

const ArenaContext = createContext<ArenaClient | null>(null);

declare global {
  interface Window {
    /** The tab's client, for tests (drop the socket) and the console. */
    __arena?: ArenaClient;
  }
}

/** The session token of the page before, for the next page's socket when localStorage is not available. */
let carriedToken: string | null = null;

export function ArenaProvider({ children }: { children: ReactNode }) {
  const [held, setHeld] = useState<{ client: ArenaClient; match: string | null } | null>(null);
  // A room page's socket names its match (the balancer routes it to the match's process); moving between
  // a room and any other page closes the page's socket and opens the next page's.
  const match = matchOfPath(usePathname());
  // Until the page's own socket exists, none: a request on the page before's (closing) would go nowhere.
  const client = held !== null && held.match === match ? held.client : null;
  useEffect(() => {
    const created = new ArenaClient(serverUrl(), match, carriedToken);
    // The user's own channel feeds the tab's inbox, which outlives this page's socket.
    const stopFeed = feedInbox(created.socket);
    const stopHint = created.subscribe(() => {
      if (created.session !== null) writeAccountHint(created.session.account !== undefined);
    });
    window.__arena = created;
    setHeld({ client: created, match });
    return () => {
      stopFeed();
      stopHint();
      carriedToken = created.session?.token ?? carriedToken;
      created.socket.disconnect();
      if (window.__arena === created) delete window.__arena;
    };
  }, [match]);
  return <ArenaContext.Provider value={client}>{children}</ArenaContext.Provider>;
}

export interface ArenaStatus {
  readonly client: ArenaClient | null;
  readonly state: ConnectionState;
  readonly session: SessionInfo | null;
  readonly connectCount: number;
  /** Why the server refused the connection, if it did (docs/protocol.md, "Quotas"). */
  readonly refusal: string | null;
}

const NO_CLIENT = (): (() => void) => () => undefined;

export function useArena(): ArenaStatus {
  const client = useContext(ArenaContext);
  const key = useSyncExternalStore(
    client === null ? NO_CLIENT : (listener) => client.subscribe(listener),
    () =>
      client === null
        ? "none"
        : `${client.state}|${client.connectCount}|${client.refusal ?? ""}|${client.session?.token ?? ""}|${client.session?.user.name ?? ""}`,
    () => "none",
  );
  void key;
  return {
    client,
    state: client?.state ?? "connecting",
    session: client?.session ?? null,
    connectCount: client?.connectCount ?? 0,
    refusal: client?.refusal ?? null,
  };
}
