import { seatsOf } from "@arena/match";
import { type Room } from "../rooms/room.js";
import { type ArenaSocket, matchRoom } from "./sockets.js";

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((seat, i) => seat === b[i]);
}

/**
 * Makes a socket follow a match: it joins the match's socket.io room and counts as present for the seats
 * its user holds there, or as a spectator. Called again after every command that may change who holds
 * which seat; when nothing changed, nothing is broadcast.
 */
export function follow(socket: ArenaSocket, room: Room): void {
  const seats = seatsOf(room.model, socket.data.user.id);
  const previous = socket.data.attached.get(room.matchId);
  if (previous !== undefined && sameSeats(previous.seats, seats)) return;
  if (previous === undefined) void socket.join(matchRoom(room.matchId));
  socket.data.attached.set(room.matchId, { seats });
  room.attach(seats, previous?.seats ?? null);
}

/** The socket stops following a match; `deliberate` when its user left on purpose (docs/clocks.md §6). */
export function unfollow(socket: ArenaSocket, room: Room, deliberate: boolean): void {
  const previous = socket.data.attached.get(room.matchId);
  if (previous === undefined) return;
  socket.data.attached.delete(room.matchId);
  void socket.leave(matchRoom(room.matchId));
  room.detach(previous.seats, deliberate);
}
