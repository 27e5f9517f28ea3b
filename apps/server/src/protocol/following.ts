import { seatsOf } from "@arena/match";
import { type MatchId, type UserId } from "@arena/protocol";
import { type Room } from "../rooms/room.js";
import { type ArenaSocket, chatRoom, chatUserRoom, matchRoom } from "./sockets.js";

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((seat, i) => seat === b[i]);
}

export interface WatchLimits {
  /** Matches one socket may follow without a seat there. */
  readonly watchesPerSocket: number;
  /** Matches one user's sockets may follow without a seat there, on this process. */
  readonly watchesPerUser: number;
}

/**
 * Which matches this process's sockets follow: a following socket is in the match's socket.io room and
 * counts as present for the seats its user holds there, or as a spectator. Spectating is bounded per
 * socket and per user (docs/protocol.md, "Quotas"); a player always follows their own match.
 */
export class Following {
  /** Spectated matches per user, over their sockets on this process. */
  private readonly watches = new Map<UserId, number>();

  /**
   * @param seatsChanged a socket now holds other seats in a match than it did (it sat down, or left, or
   *   stopped following it): its user's followers may see them playing or not (social/follows.ts).
   */
  constructor(
    private readonly limits: WatchLimits,
    private readonly seatsChanged: (socket: ArenaSocket) => void = () => undefined,
  ) {}

  /**
   * Makes a socket follow a match, or updates its seats there after a command that may have changed who
   * holds which (nothing is broadcast when nothing changed). False when the socket would spectate beyond
   * its limits: it does not follow then.
   */
  follow(socket: ArenaSocket, room: Room): boolean {
    const user = socket.data.user.id;
    const seats = seatsOf(room.model, user);
    const previous = socket.data.attached.get(room.matchId);
    if (previous !== undefined && sameSeats(previous.seats, seats)) return true;
    const watching = seats.length === 0;
    const wasWatching = previous !== undefined && previous.seats.length === 0;
    if (watching && !wasWatching) {
      if (
        socket.data.watching >= this.limits.watchesPerSocket ||
        (this.watches.get(user) ?? 0) >= this.limits.watchesPerUser
      ) {
        return false;
      }
      this.count(socket, 1);
    } else if (wasWatching && !watching) {
      this.count(socket, -1);
    }
    if (previous === undefined) void socket.join([matchRoom(room.matchId), chatUserRoom(room.matchId, user)]);
    // The chat channel it reads (docs/protocol.md, "Chat"): the players' while it holds a seat.
    void socket.leave(chatRoom(room.matchId, watching ? "players" : "spectators"));
    void socket.join(chatRoom(room.matchId, watching ? "spectators" : "players"));
    socket.data.attached.set(room.matchId, { seats });
    room.crowd.attach(seats, previous?.seats ?? null, user);
    if (seats.length > 0 || (previous?.seats.length ?? 0) > 0) this.seatsChanged(socket);
    return true;
  }

  /** The socket stops following a match; `deliberate` when its user left on purpose (docs/clocks.md §6). */
  unfollow(socket: ArenaSocket, room: Room, deliberate: boolean): void {
    const previous = this.forget(socket, room.matchId);
    if (previous !== undefined) room.crowd.detach(previous.seats, deliberate, socket.data.user.id);
  }

  /**
   * The socket stops following a match whose room this process no longer holds (evicted): no presence to
   * update. Returns what it followed.
   */
  forget(socket: ArenaSocket, matchId: MatchId): { readonly seats: readonly number[] } | undefined {
    const previous = socket.data.attached.get(matchId);
    if (previous === undefined) return undefined;
    socket.data.attached.delete(matchId);
    if (previous.seats.length === 0) this.count(socket, -1);
    else this.seatsChanged(socket);
    // A socket that disconnected has left every room already (socket.io does so before "disconnect").
    if (!socket.connected) return previous;
    for (const name of [
      matchRoom(matchId),
      chatRoom(matchId, "players"),
      chatRoom(matchId, "spectators"),
      chatUserRoom(matchId, socket.data.user.id),
    ])
      void socket.leave(name);
    return previous;
  }

  private count(socket: ArenaSocket, delta: 1 | -1): void {
    const user = socket.data.user.id;
    socket.data.watching += delta;
    const total = (this.watches.get(user) ?? 0) + delta;
    if (total > 0) this.watches.set(user, total);
    else this.watches.delete(user);
  }
}
