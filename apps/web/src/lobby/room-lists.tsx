"use client";

import {
  applyLobbyChange,
  type LobbyChange,
  type LobbyCursor,
  type LobbyStatus,
  type RoomSummary,
  type SeatView,
} from "@arena/protocol";
import Link from "next/link";
import { useEffect, useState } from "react";
import { formatTimeControl } from "../lib/clock";
import { useArena } from "../net/arena-context";
import { ratingLabel } from "../net/players-api";
import { useRatings } from "../net/use-ratings";

/** The host's name, with their rating in the room's pool and a link to their profile when they have one. */
function HostName({ room }: { room: RoomSummary }) {
  const rating = useRatings(room.gameId, room.timeControl, [room.host.id])[room.host.id];
  if (rating === undefined) return <>{room.host.name}</>;
  return (
    <>
      <Link href={`/@/${encodeURIComponent(room.host.name)}`}>{room.host.name}</Link>{" "}
      <span className="rating" data-testid="host-rating">
        ({ratingLabel(rating)})
      </span>
    </>
  );
}

/** Rooms per page of each list (the server sends at most this many, and only changes to them). */
export const LOBBY_PAGE_SIZE = 10;

export function seatText(seat: SeatView): string {
  switch (seat.kind) {
    case "open":
      return "open";
    case "invite":
      return "invite only";
    case "ai":
      return `AI level ${seat.level}`;
    case "human":
      return seat.user.name;
  }
}

interface LobbyPageState {
  readonly rooms: readonly RoomSummary[];
  readonly next: LobbyCursor | null;
  readonly total: number;
  readonly loaded: boolean;
}

const NOT_LOADED: LobbyPageState = { rooms: [], next: null, total: 0, loaded: false };

/**
 * One page of one list of the lobby (docs/protocol.md, "Lobby"): the `lobby:subscribe` ack, then the
 * changes the server pushes for that page. Changes that arrive before the ack belong to the page shown
 * before and are dropped (the ack carries the page as it is then).
 */
function useLobbyPage(status: LobbyStatus, gameId: string | null, after: LobbyCursor | null): LobbyPageState {
  const { client, state, connectCount } = useArena();
  const [page, setPage] = useState<LobbyPageState>(NOT_LOADED);
  useEffect(() => {
    if (client === null || state !== "connected") return;
    const socket = client.socket;
    let subscribed = false;
    let gone = false;
    const onChanged = (change: LobbyChange) => {
      if (change.view !== status || !subscribed) return;
      setPage((shown) => ({
        rooms: applyLobbyChange(shown.rooms, change),
        next: change.next,
        total: change.total,
        loaded: true,
      }));
    };
    socket.on("lobby:changed", onChanged);
    void client
      .request("lobby:subscribe", {
        status,
        limit: LOBBY_PAGE_SIZE,
        ...(gameId === null ? {} : { gameId }),
        ...(after === null ? {} : { after }),
      })
      .then((ack) => {
        if (gone || !ack.ok) return;
        subscribed = true;
        setPage({ rooms: ack.rooms, next: ack.next, total: ack.total, loaded: true });
      });
    return () => {
      gone = true;
      socket.off("lobby:changed", onChanged);
      void client.request("lobby:unsubscribe", { view: status });
    };
  }, [client, state, connectCount, status, gameId, after]);
  return page;
}

/** Cursor paging: the cursors of the pages before this one, newest first at the end. */
function usePager(): {
  readonly after: LobbyCursor | null;
  readonly number: number;
  readonly older: (next: LobbyCursor) => void;
  readonly newer: () => void;
} {
  const [stack, setStack] = useState<readonly LobbyCursor[]>([]);
  return {
    after: stack.at(-1) ?? null,
    number: stack.length + 1,
    older: (next) => setStack((cursors) => [...cursors, next]),
    newer: () => setStack((cursors) => cursors.slice(0, -1)),
  };
}

function Pager({
  label,
  page,
  pager,
}: {
  label: string;
  page: LobbyPageState;
  pager: ReturnType<typeof usePager>;
}) {
  if (pager.number === 1 && page.next === null) return null;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" className="btn small" disabled={pager.number === 1} onClick={pager.newer}>
        Newer
      </button>
      <span className="muted">
        Page {pager.number} · {page.total} in all
      </span>
      <button
        type="button"
        className="btn small"
        disabled={page.next === null}
        onClick={() => {
          if (page.next !== null) pager.older(page.next);
        }}
      >
        Older
      </button>
    </nav>
  );
}

function OpenGames({ filter, titleOf }: { filter: string | null; titleOf: (gameId: string) => string }) {
  const pager = usePager();
  const page = useLobbyPage("waiting", filter, pager.after);
  if (!page.loaded) return <p className="muted">Loading…</p>;
  return (
    <>
      {page.rooms.length === 0 ? (
        <p className="muted">{pager.number === 1 ? "No open games. Create one!" : "No more open games."}</p>
      ) : (
        <table className="room-table" aria-label="Open games">
          <thead>
            <tr>
              <th>Game</th>
              <th>Time</th>
              <th>Host</th>
              <th>Seats</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {page.rooms.map((room) => (
              <tr key={room.matchId} data-match={room.matchId}>
                <td>{titleOf(room.gameId)}</td>
                <td>
                  {formatTimeControl(room.timeControl)}
                  {room.rated ? " · rated" : ""}
                </td>
                <td>
                  <HostName room={room} />
                </td>
                <td>
                  {room.seats.map(seatText).join(" · ")} ({room.openSeats} free)
                </td>
                <td>
                  <Link className="btn small" href={`/play/${encodeURIComponent(room.matchId)}`}>
                    Join
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label="Open games" page={page} pager={pager} />
    </>
  );
}

function LiveGames({ filter, titleOf }: { filter: string | null; titleOf: (gameId: string) => string }) {
  const pager = usePager();
  const page = useLobbyPage("live", filter, pager.after);
  if (!page.loaded) return null;
  return (
    <>
      {page.rooms.length === 0 ? (
        <p className="muted">{pager.number === 1 ? "Nothing live right now." : "No more live games."}</p>
      ) : (
        <table className="room-table" aria-label="Live games">
          <thead>
            <tr>
              <th>Game</th>
              <th>Players</th>
              <th>Time</th>
              <th>Viewers</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {page.rooms.map((room) => (
              <tr key={room.matchId} data-match={room.matchId}>
                <td>{titleOf(room.gameId)}</td>
                <td>{room.seats.map(seatText).join(" vs ")}</td>
                <td>{formatTimeControl(room.timeControl)}</td>
                <td>{room.viewers}</td>
                <td>
                  <Link className="btn small" href={`/play/${encodeURIComponent(room.matchId)}`}>
                    Watch
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label="Live games" page={page} pager={pager} />
    </>
  );
}

/**
 * Open games to join and live games to watch, of one game (`filter`) or all: two lists, each paged on the
 * server (a page at a time, newest first) and kept up to date by it.
 */
export function RoomLists({
  filter,
  titleOf,
}: {
  filter: string | null;
  titleOf: (gameId: string) => string;
}) {
  const { state, refusal } = useArena();
  if (state !== "connected") {
    return (
      <p className="muted" data-testid="lobby-offline">
        {refusal ?? "The game server is not reachable yet; the list appears when it is."}
      </p>
    );
  }
  // A new filter starts both lists again from their first page.
  return (
    <>
      <OpenGames key={`open:${filter ?? ""}`} filter={filter} titleOf={titleOf} />
      <h2>Live games</h2>
      <LiveGames key={`live:${filter ?? ""}`} filter={filter} titleOf={titleOf} />
    </>
  );
}
