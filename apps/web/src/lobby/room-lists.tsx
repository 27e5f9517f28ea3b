"use client";

import type { RoomSummary, SeatView } from "@arena/protocol";
import Link from "next/link";
import { useEffect, useState } from "react";
import { formatTimeControl } from "../lib/clock";
import { useArena } from "../net/arena-context";

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
              <th>Game</th>
              <th>Time</th>
              <th>Host</th>
              <th>Seats</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {open.map((room) => (
              <tr key={room.matchId} data-match={room.matchId}>
                <td>{titleOf(room.gameId)}</td>
                <td>{formatTimeControl(room.timeControl)}</td>
                <td>{room.host.name}</td>
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
      <h2>Live games</h2>
      {live.length === 0 ? (
        <p className="muted">Nothing live right now.</p>
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
            {live.map((room) => (
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
    </>
  );
}
