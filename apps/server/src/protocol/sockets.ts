import {
  type ChatChannel,
  type ClientToServerEvents,
  type MatchId,
  type ServerToClientEvents,
  type UserRef,
} from "@arena/protocol";
import { type Server, type Socket } from "socket.io";

export interface SocketData {
  user: UserRef;
  token: string;
  /** An account's session (docs/protocol.md, "Accounts"); null for a guest. */
  account: { readonly sessionId: string; readonly bot: boolean } | null;
  /** The client's address for its quotas, or null when it has none (docs/protocol.md, "Quotas"). */
  address: string | null;
  /** Matches this socket follows: the seats it holds there (presence), or none (a spectator). */
  attached: Map<MatchId, { seats: readonly number[] }>;
  /** How many of the followed matches it only watches (no seat). */
  watching: number;
}

/** Processes tell each other nothing through socket.io (cluster/messages.ts): its adapter only broadcasts. */
type NoInterServerEvents = Record<string, never>;

export type ArenaServer = Server<ClientToServerEvents, ServerToClientEvents, NoInterServerEvents, SocketData>;
export type ArenaSocket = Socket<ClientToServerEvents, ServerToClientEvents, NoInterServerEvents, SocketData>;

/** The socket.io room of an account session's sockets (all closed when it logs out, on every process). */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

/** The socket.io room of a guest's sockets (all closed when the guest claims an account, on every process). */
export const guestRoom = (userId: string): string => `guest:${userId}`;

/** The socket.io room of every socket of one user, guest or account: their invitations and game news, on every process. */
export const userRoom = (userId: string): string => `user:${userId}`;

/** The socket.io room of every bot account's sockets: who `GET /api/bots` lists. */
export const BOTS_ROOM = "bots";

/** The socket.io room of a match's followers (players and spectators, on every process). */
export const matchRoom = (matchId: MatchId): string => `match:${matchId}`;

/** The socket.io room of a tournament's watchers (`tournament:watch`). */
export const tournamentRoom = (tournamentId: string): string => `tournament:${tournamentId}`;
/** The sockets following the tournaments list. */
export const TOURNAMENTS_LIST_ROOM = "tournaments";

// Chat (docs/protocol.md, "Chat").
/** The socket.io room of a match's followers who read one chat channel while it is not over. */
export const chatRoom = (matchId: MatchId, channel: ChatChannel): string => `chat:${matchId}:${channel}`;

/** The socket.io room of one user's sockets following a match: a mute leaves them out of a line. */
export const chatUserRoom = (matchId: MatchId, userId: string): string => `chat:${matchId}:u:${userId}`;
/** The socket.io room of this process's sockets that watch the quick-pairing counts. */
export const SEEK_COUNTS_ROOM = "seek-counts";

/** How long asking every process who follows a match may take. */
const ONLINE_CHECK_MS = 2_000;

/**
 * The users following a match on any process (through the adapter), or null when not every process
 * answered in time: presence is tracked per process, so claims and expiries ask everyone first.
 */
export function onlineUsers(io: ArenaServer, matchId: MatchId): Promise<string[] | null> {
  return io
    .in(matchRoom(matchId))
    .timeout(ONLINE_CHECK_MS)
    .fetchSockets()
    .then((sockets) => sockets.map((s) => s.data.user.id as string))
    .catch(() => null);
}

/** The bot accounts connected now, on any process (through the adapter), each once; null when not every process answered. */
export function botsOnline(io: ArenaServer): Promise<UserRef[] | null> {
  return io
    .in(BOTS_ROOM)
    .timeout(ONLINE_CHECK_MS)
    .fetchSockets()
    .then((sockets) => {
      const bots = new Map<string, UserRef>();
      for (const socket of sockets) bots.set(socket.data.user.id, socket.data.user);
      return [...bots.values()].sort((a, b) => a.name.localeCompare(b.name));
    })
    .catch(() => null);
}
