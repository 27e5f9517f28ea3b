"use client";

import { isGameId } from "@arena/engine/registry";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { gameTitle, webGame } from "../games/registry";
import { useArena } from "../net/arena-context";
import { maxLevel } from "../net/games-api";
import { useGames } from "../net/use-games";
import { BOT_GAME_ID, BotsOnline } from "./bots-online";
import { CreateGame } from "./create-game";
import { botForm, type CreateForm, createPayload, quickForm } from "./create-model";
import { QuickPairing } from "./quick-pairing";
import { RoomLists } from "./room-lists";

/** The lobby: quick games against the computer, open and live rooms, and the create form. */
export function Lobby() {
  const { client, state, session } = useArena();
  const router = useRouter();
  const games = useGames();
  const [filter, setFilter] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const disabled = state !== "connected" || busy;

  const create = async (form: CreateForm) => {
    if (client === null) return;
    const built = createPayload(form, maxLevel(games?.find((g) => g.id === form.gameId)), session?.account);
    if (!built.ok) {
      setError(built.message);
      return;
    }
    setBusy(true);
    setError(null);
    const ack = await client.request("room:create", built.payload);
    setBusy(false);
    if (!ack.ok) {
      setError(ack.message);
      return;
    }
    router.push(`/play/${encodeURIComponent(ack.matchId)}`);
  };

  const titleOf = (id: string) => games?.find((g) => g.id === id)?.title ?? gameTitle(id);

  return (
    <div className="lobby">
      <section className="panel quick" aria-labelledby="quick-title">
        <h2 id="quick-title">Play the computer</h2>
        <div className="quick-buttons">
          {(games ?? []).flatMap((game) =>
            webGame(game.id).quickGames.map((quick) => (
              <button
                key={`${game.id}:${quick.label}`}
                type="button"
                className="btn primary"
                disabled={disabled}
                title={quick.description}
                onClick={() => void create(quickForm(game.id, quick))}
              >
                {quick.label}
              </button>
            )),
          )}
        </div>
        <BotsOnline disabled={disabled} onPlay={(bot) => void create(botForm(BOT_GAME_ID, bot))} />
        {error !== null && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </section>

      <QuickPairing titleOf={titleOf} />

      <section className="panel rooms" aria-labelledby="rooms-title">
        <div className="panel-head">
          <h2 id="rooms-title">Open games</h2>
          <label className="filter">
            Game{" "}
            <select
              aria-label="Filter by game"
              value={filter ?? "all"}
              onChange={(e) => setFilter(isGameId(e.target.value) ? e.target.value : null)}
            >
              <option value="all">All games</option>
              {(games ?? []).map((game) => (
                <option key={game.id} value={game.id}>
                  {game.title}
                </option>
              ))}
            </select>
          </label>
        </div>
        <RoomLists filter={filter} titleOf={titleOf} />
      </section>

      <section className="panel create" aria-labelledby="create-title">
        <h2 id="create-title">Create game</h2>
        {games === null ? (
          <p className="muted">The games appear when the server is reachable.</p>
        ) : (
          <CreateGame games={games} disabled={disabled} onCreate={(form) => void create(form)} />
        )}
      </section>
    </div>
  );
}
