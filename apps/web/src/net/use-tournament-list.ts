"use client";

import type { TournamentSummary } from "@arena/protocol";
import { applyTournamentChange } from "@arena/protocol/values";
import { useEffect, useState } from "react";
import { useArena } from "./arena-context";

export type TournamentListState =
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly code: string; readonly message: string }
  | { readonly status: "ready"; readonly tournaments: readonly TournamentSummary[] };

/**
 * The tournaments list, live (docs/web.md, "Tournaments"): `tournaments:subscribe` on every (re)connect
 * answers the rows, then `tournaments:changed` pushes each new or changed row; never polled.
 */
export function useTournamentList(): TournamentListState {
  const { client, connectCount } = useArena();
  const [state, setState] = useState<TournamentListState>({ status: "loading" });

  useEffect(() => {
    if (client === null) return;
    const onChanged = ({ tournament }: { tournament: TournamentSummary }) =>
      setState((held) =>
        held.status === "ready"
          ? { status: "ready", tournaments: applyTournamentChange(held.tournaments, tournament) }
          : held,
      );
    client.socket.on("tournaments:changed", onChanged);
    return () => {
      client.socket.off("tournaments:changed", onChanged);
      if (client.socket.connected) void client.request("tournaments:unsubscribe", {});
    };
  }, [client]);

  useEffect(() => {
    if (client === null || connectCount === 0) return;
    let current = true;
    void client.request("tournaments:subscribe", {}).then((ack) => {
      if (!current) return;
      if (ack.ok) setState({ status: "ready", tournaments: ack.tournaments });
      else setState((held) => (held.status === "ready" ? held : { status: "error", ...ack }));
    });
    return () => {
      current = false;
    };
  }, [client, connectCount]);

  return state;
}
