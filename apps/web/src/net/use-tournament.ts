"use client";

import type { TournamentChatLine, TournamentView } from "@arena/protocol";
import { isTournamentId, TOURNAMENT_CHAT_LINES_KEPT } from "@arena/protocol/values";
import { useCallback, useEffect, useState } from "react";
import { mergeTournamentLines } from "../tournaments/chat-lines";
import { newerView } from "../tournaments/format";
import { useArena } from "./arena-context";

export type TournamentState =
  | { readonly status: "loading" }
  | { readonly status: "missing" }
  | { readonly status: "error"; readonly code: string; readonly message: string }
  | { readonly status: "ready"; readonly view: TournamentView };

/**
 * A tournament's page, live (docs/web.md, "Tournaments"): `tournament:watch` on every (re)connect answers
 * its view, then `tournament:update` pushes each change; never polled. `accept` takes a view an HTTP
 * action answered; a view replaces the held one only when newer. Its chat's lines come the same way:
 * the newest with the watch, then `tournament:chat-line`.
 */
export function useTournament(id: string): {
  readonly state: TournamentState;
  readonly accept: (view: TournamentView) => void;
  readonly chat: readonly TournamentChatLine[];
  readonly acceptLines: (lines: readonly TournamentChatLine[]) => void;
} {
  const { client, connectCount } = useArena();
  const [state, setState] = useState<TournamentState>({ status: "loading" });
  const [chat, setChat] = useState<readonly TournamentChatLine[]>([]);
  const tournamentId = isTournamentId(id) ? id : null;

  const accept = useCallback(
    (view: TournamentView) =>
      setState((held) =>
        view.id !== id
          ? held
          : { status: "ready", view: newerView(held.status === "ready" ? held.view : null, view) },
      ),
    [id],
  );

  const acceptLines = useCallback(
    (lines: readonly TournamentChatLine[]) =>
      setChat((held) => mergeTournamentLines(held, lines, TOURNAMENT_CHAT_LINES_KEPT)),
    [],
  );

  useEffect(() => {
    if (client === null || tournamentId === null) return;
    const onUpdate = ({ tournament }: { tournament: TournamentView }) => accept(tournament);
    const onLine = (payload: { tournamentId: string; line: TournamentChatLine }) => {
      if (payload.tournamentId === tournamentId) acceptLines([payload.line]);
    };
    client.socket.on("tournament:update", onUpdate);
    client.socket.on("tournament:chat-line", onLine);
    return () => {
      client.socket.off("tournament:update", onUpdate);
      client.socket.off("tournament:chat-line", onLine);
    };
  }, [client, tournamentId, accept, acceptLines]);

  useEffect(() => {
    if (tournamentId === null) {
      setState({ status: "missing" });
      return;
    }
    if (client === null || connectCount === 0) return;
    let current = true;
    void client.request("tournament:watch", { tournamentId }).then((ack) => {
      if (!current) return;
      if (ack.ok) {
        accept(ack.tournament);
        acceptLines(ack.chat);
      } else if (ack.code === "not-found") setState({ status: "missing" });
      else setState((held) => (held.status === "ready" ? held : { status: "error", ...ack }));
    });
    return () => {
      current = false;
    };
  }, [client, connectCount, tournamentId, accept, acceptLines]);

  // Leaving the page (not a reconnect: a new connection follows nothing until it asks again).
  useEffect(() => {
    if (client === null || tournamentId === null) return;
    return () => {
      if (client.socket.connected) void client.request("tournament:unwatch", { tournamentId });
    };
  }, [client, tournamentId]);

  return { state, accept, chat, acceptLines };
}
