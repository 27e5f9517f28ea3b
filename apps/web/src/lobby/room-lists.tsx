"use client";

import type { RoomSummary, SeatView, UserRef } from "@arena/protocol";
import Link from "next/link";
import { Fragment, useEffect, useMemo, useState } from "react";
import { formatTimeControl } from "../lib/clock";
import { labelOf, nameTags } from "../lib/names";
import { useArena } from "../net/arena-context";
import { PlayerName } from "../ui/player-name";

function SeatText({ seat, tags }: { seat: SeatView; tags: ReadonlyMap<string, string> }) {
  switch (seat.kind) {
    case "open":
      return "open";
    case "invite":
      return "invite only";
    case "ai":
      return `AI level ${seat.level}`;
    case "human":
      return <PlayerName label={labelOf(seat.user, tags)} />;
  }
}

/** The seats of a room, `between` each two. */
function SeatList({
  seats,
  between,
  tags,
}: {
  seats: readonly SeatView[];
  between: string;
  tags: ReadonlyMap<string, string>;
}) {
  return (
    <>
      {seats.map((seat, i) => (
        <Fragment key={seat.seat}>
          {i > 0 && between}
          <SeatText seat={seat} tags={tags} />
        </Fragment>
      ))}
    </>
  );
}

/** Everyone the lobby names: hosts and seated players (docs/web.md, "Names"). */
function usersOf(rooms: readonly RoomSummary[]): UserRef[] {
  return rooms.flatMap((room) => [
    room.host,
    ...room.seats.flatMap((seat) => (seat.kind === "human" ? [seat.user] : [])),
  ]);
}

/** The lobby's rooms: the `lobby:subscribe` ack, then every update the server pushes. */
function useLobbyRooms(): { rooms: RoomSummary[]; loaded: boolean } {
  const { client, state, connectCount } = useArena();
  const [rooms, setRooms] = useState<RoomSummary[]>([]);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (client === null || state !== "connected") return;
    const socket = client.socket;
    const onUpdated = ({ room }: { room: RoomSummary }) =>
      setRooms((list) => {
        const i = list.findIndex((r) => r.matchId === room.matchId);
        if (i < 0) return [room, ...list];
        const next = [...list];
        next[i] = room;
        return next;
      });
    const onRemoved = ({ matchId }: { matchId: string }) =>
      setRooms((list) => list.filter((r) => r.matchId !== matchId));
    socket.on("lobby:room-updated", onUpdated);
    socket.on("lobby:room-removed", onRemoved);
    void client.request("lobby:subscribe", {}).then((ack) => {
      if (ack.ok) {
        setRooms([...ack.rooms]);
        setLoaded(true);
      }
    });
    return () => {
      socket.off("lobby:room-updated", onUpdated);
      socket.off("lobby:room-removed", onRemoved);
      void client.request("lobby:unsubscribe", {});
    };
  }, [client, state, connectCount]);
  return { rooms, loaded };
}

/** Open games to join and live games to watch, of one game (`filter`) or all. */
export function RoomLists({
  filter,
  titleOf,
}: {
  filter: string | null;
  titleOf: (gameId: string) => string;
}) {
  const { state } = useArena();
  const { rooms, loaded } = useLobbyRooms();
  const shown = rooms.filter((r) => filter === null || r.gameId === filter);
  const open = shown.filter((r) => r.status === "waiting");
  const live = shown.filter((r) => r.status === "live");
  const tags = useMemo(() => nameTags(usersOf(shown)), [shown]);
  return (
    <>
      {state !== "connected" ? (
        <p className="muted" data-testid="lobby-offline">
          The game server is not reachable yet; the list appears when it is.
        </p>
      ) : !loaded ? (
        <p className="muted">Loading…</p>
      ) : open.length === 0 ? (
        <p className="muted">No open games. Create one!</p>
      ) : (
        <table className="room-table" aria-label="Open games">
          <thead>
            <tr>
              <th className="col-game">Game</th>
              <th className="col-time">Time</th>
              <th className="col-host">Host</th>
              <th>Seats</th>
              <th className="col-action" />
            </tr>
          </thead>
          <tbody>
            {open.map((room) => (
              <tr key={room.matchId} data-match={room.matchId}>
                <td>{titleOf(room.gameId)}</td>
                <td>{formatTimeControl(room.timeControl)}</td>
                <td className="col-host">
                  <PlayerName label={labelOf(room.host, tags)} />
                </td>
                <td>
                  <SeatList seats={room.seats} between=" · " tags={tags} /> ({room.openSeats} free)
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
      <h2>Live games</h2>
      {live.length === 0 ? (
        <p className="muted">Nothing live right now.</p>
      ) : (
        <table className="room-table" aria-label="Live games">
          <thead>
            <tr>
              <th className="col-game">Game</th>
              <th>Players</th>
              <th className="col-time">Time</th>
              <th className="col-viewers">Viewers</th>
              <th className="col-action" />
            </tr>
          </thead>
          <tbody>
            {live.map((room) => (
              <tr key={room.matchId} data-match={room.matchId}>
                <td>{titleOf(room.gameId)}</td>
                <td>
                  <SeatList seats={room.seats} between=" vs " tags={tags} />
                </td>
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
    </>
  );
}
