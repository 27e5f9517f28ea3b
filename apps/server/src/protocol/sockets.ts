import {
  type ClientToServerEvents,
  type MatchId,
  type ServerToClientEvents,
  type UserRef,
} from "@arena/protocol";
import { type Server, type Socket } from "socket.io";

export interface SocketData {
  user: UserRef;
  token: string;
  /** The transport's last measured ping round trip (engine.io ping → pong), once known. */
  rttMs: number | undefined;
  /** Matches this socket follows: the seats it holds there (presence), or none (a spectator). */
  attached: Map<MatchId, { seats: readonly number[] }>;
  lobby: boolean;
}

export type ArenaServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type ArenaSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The socket.io room of a match's followers (players and spectators, on every process). */
export const matchRoom = (matchId: MatchId): string => `match:${matchId}`;
/** The socket.io room of the lobby's subscribers. */
export const LOBBY_ROOM = "lobby";
