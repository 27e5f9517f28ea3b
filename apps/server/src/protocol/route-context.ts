import { type Inbox } from "../notifications/inbox.js";
import { type Forecasts } from "../forecast/service.js";
import {
  type AckFor,
  type ClientEventName,
  type ClientPayload,
  failure,
  type MatchId,
} from "@arena/protocol";
import { type Accounts } from "../accounts/service.js";
import { type ChatService } from "../chat/service.js";
import { type Identity } from "../identity/tokens.js";
import { type Quotas } from "../quotas/quotas.js";
import { type Room } from "../rooms/room.js";
import { type Rooms } from "../rooms/rooms.js";
import { type Seeks } from "../seeks/seeks.js";
import { type Follows } from "../social/follows.js";
import { type Blocks } from "../blocks/service.js";
import { type TournamentChat } from "../tournaments/chat.js";
import { type Tournaments } from "../tournaments/service.js";
import { type Following } from "./following.js";
import { type ArenaServer, type ArenaSocket } from "./sockets.js";

/** What a route may use: the sender, the process's rooms, identities, following, and the socket.io server. */
export interface RouteContext {
  readonly socket: ArenaSocket;
  readonly rooms: Rooms;
  readonly identity: Identity;
  readonly io: ArenaServer;
  readonly following: Following;
  /** Quick pairing (docs/protocol.md, "Quick pairing"). */
  readonly seeks: Seeks;
  /** Accounts by name, for invitations by name. */
  readonly accounts: Accounts;
  /** Accounts following accounts (docs/protocol.md, "Follows"). */
  readonly follows: Follows;
  /** Who may not reach whom (docs/protocol.md, "Blocks"). */
  readonly blocks: Blocks;
  readonly quotas: Quotas;
  readonly chat: ChatService;
  /** Tournaments' pages (docs/protocol.md, "Tournaments"). */
  readonly tournaments: Tournaments;
  readonly tournamentChat: TournamentChat;
  /** Invitations by name go into the invitee's inbox too. */
  readonly notifications: Inbox;
  readonly forecasts: Forecasts;
}

/** A handler for one client event: its payload is already parsed by the event's schema. */
export type Route<E extends ClientEventName> = (
  ctx: RouteContext,
  payload: ClientPayload<E>,
) => Promise<AckFor<E>> | AckFor<E>;

/** The store could not be reached while loading a room. */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super("store unavailable", { cause });
  }
}

export const NO_MATCH = failure("not-found", "no such match");

export async function roomFor(ctx: RouteContext, matchId: MatchId): Promise<Room | null> {
  try {
    return await ctx.rooms.get(matchId);
  } catch (error) {
    // Loading a room only reads the store: a failure here means the store is unreachable.
    throw new StoreUnavailable(error);
  }
}

/** Reads the store (the lobby); a failure means it is unreachable. */
export async function fromStore<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    throw new StoreUnavailable(error);
  }
}
