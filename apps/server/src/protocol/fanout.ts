import { type MatchId } from "@arena/protocol";
import { type Cluster } from "../cluster/ports.js";
import { type Fanout, type MatchEventSink } from "../rooms/room-ports.js";
import { type Rooms } from "../rooms/rooms.js";
import { type SeekNews, type Seeks } from "../seeks/seeks.js";
import { type Following } from "./following.js";
import { SlicedBroadcasts } from "./sliced-broadcast.js";
import {
  type ArenaServer,
  chatRoom,
  chatUserRoom,
  matchRoom,
  SEEK_COUNTS_ROOM,
  userRoom,
} from "./sockets.js";

export interface FanoutOptions {
  /** This process's name, sent with its presence reports. */
  readonly instanceId: string;
  /** Where what the other processes must hear is published (nowhere for one process). */
  readonly cluster: Pick<Cluster, "publish">;
  readonly following: Following;
  /** How many of a room's sockets one slice of a match broadcast writes to. */
  readonly broadcastSlice: number;
  /** A move was appended by this process (metrics). */
  readonly moved: () => void;
}

/**
 * How the rooms' news leaves the process: through socket.io each match event straight from its room to
 * the match's sockets here, presence, chat and game news; through the cluster what the other processes
 * must hear.
 */
export function socketFanout(io: ArenaServer, options: FanoutOptions): Fanout & MatchEventSink {
  const { cluster, following } = options;
  const broadcasts = new SlicedBroadcasts(io.of("/").adapter.rooms, options.broadcastSlice);
  const socketsOf = (matchId: MatchId) =>
    [...(io.of("/").adapter.rooms.get(matchRoom(matchId)) ?? [])].flatMap((id) => {
      const socket = io.of("/").sockets.get(id);
      return socket === undefined ? [] : [socket];
    });
  return {
    // Each process tells its own sockets the events its copy of the room applies (its own appends and the
    // ones it hears of), so a move crosses Redis once, in the append's notification, not again through the
    // adapter (docs/architecture.md, "Several processes"). A crowd gets it a slice of sockets at a time,
    // so that other games do not wait behind it.
    appended: (matchId, entry, here) => {
      if (here && entry.event.type === "moved") options.moved();
      const message = { matchId, ...entry };
      broadcasts.send(matchRoom(matchId), (to) => io.local.to(to).emit("match:event", message));
    },
    // The presence merged from every process's reports, to this process's sockets (in order with events).
    presence: (update) =>
      broadcasts.send(matchRoom(update.matchId), (to) => io.local.to(to).emit("presence:update", update)),
    presenceReports: (reports) =>
      cluster.publish({ type: "presence:reports", instance: options.instanceId, reports }),
    presenceWanted: (matchId) => cluster.publish({ type: "presence:wanted", matchId }),
    leaseOffered: (matchId, to) => cluster.publish({ type: "lease:offered", matchId, to }),
    lobbyEntry: (matchId, summary) => cluster.publish({ type: "lobby:entry", matchId, summary }),
    // Without this a long-lived socket (a lobby tab that plays all day) kept every match it ever followed.
    // Local only: each process evicts on its own schedule, and a client that asks again is attached again.
    evicted: (matchId) => {
      for (const socket of socketsOf(matchId)) following.forget(socket, matchId);
    },
    // Each local socket's seats are read again from the model, so that presence follows the players.
    reseated: (room) => {
      for (const socket of socketsOf(room.matchId)) following.follow(socket, room);
    },
    // A socket.io room per channel, and one per user of the match for their mutes: through the adapter,
    // every process leaves out its own muting sockets (docs/architecture.md, "Chat").
    chatLine: (matchId, line, audience, except) =>
      io
        .to(audience === "everyone" ? matchRoom(matchId) : chatRoom(matchId, audience))
        .except(except.map((user) => chatUserRoom(matchId, user)))
        .emit("chat:line", { matchId, ...line }),
    // A user's own channel: the adapter reaches their sockets on every process (docs/protocol.md, "My games").
    myGames: {
      game: (userId, change) => io.to(userRoom(userId)).emit("games:game", change),
      rematch: (userId, offer) => io.to(userRoom(userId)).emit("rematch:offered", offer),
    },
  };
}

/** Quick pairing's news: to a seeker's socket on whichever process holds it, and counts to local watchers. */
export function seekNews(io: ArenaServer, cluster: Pick<Cluster, "publish">): SeekNews {
  return {
    paired: (seek, matchId) => io.to(seek.socketId).emit("seek:paired", { poolId: seek.poolId, matchId }),
    ended: (seek, reason) => io.to(seek.socketId).emit("seek:ended", { poolId: seek.poolId, reason }),
    changed: () => cluster.publish({ type: "seek:changed" }),
    counts: (counts) => io.local.to(SEEK_COUNTS_ROOM).emit("seek:counts", { counts }),
  };
}

/** What this process hears from the others (the counterparts of the fan-out's cross-process news). */
export interface ProcessListeners {
  readonly rooms: Pick<Rooms, "lobbyHeard" | "presence" | "leaseOffered">;
  readonly seeks: Pick<Seeks, "heard">;
}

export function hearOtherProcesses(
  cluster: Pick<Cluster, "onMessage">,
  { rooms, seeks }: ProcessListeners,
): void {
  cluster.onMessage((message) => {
    switch (message.type) {
      case "seek:changed":
        return seeks.heard();
      case "lobby:entry":
        return rooms.lobbyHeard(message.matchId, message.summary);
      case "presence:reports":
        return rooms.presence.heard(message.instance, message.reports);
      case "presence:wanted":
        return rooms.presence.asked(message.matchId);
      case "lease:offered":
        return rooms.leaseOffered(message.matchId, message.to);
    }
  });
}
