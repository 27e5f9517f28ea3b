"use client";

import { useEffect, useState } from "react";
import { serverUrl } from "../env";
import { useArena } from "./arena-context";
import { type LobbyGame, fetchCatalogue } from "./games-api";

// One request per tab; a failed one is forgotten, and asked again at the next connect.
let request: ReturnType<typeof fetchCatalogue> | null = null;

/** The games the server offers (`GET /api/games`), once the server is reachable; null until then. */
export function useGames(): readonly LobbyGame[] | null {
  const { state, connectCount } = useArena();
  const [games, setGames] = useState<readonly LobbyGame[] | null>(null);
  useEffect(() => {
    if (state !== "connected" || games !== null) return;
    let current = true;
    const pending = (request ??= fetchCatalogue(serverUrl()));
    void pending.then((catalogue) => {
      if (!catalogue.ok) {
        if (request === pending) request = null;
        return;
      }
      if (current) setGames(catalogue.games);
    });
    return () => {
      current = false;
    };
  }, [state, connectCount, games]);
  return games;
}
