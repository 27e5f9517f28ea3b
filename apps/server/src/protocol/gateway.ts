import { type Inbox } from "../notifications/inbox.js";
import { type Forecasts } from "../forecast/service.js";
import { type Ack, CLIENT_EVENTS, type ClientEventName, failure, isClientEventName } from "@arena/protocol";
import { excerpt, listExcerpt } from "@arena/engine";
import { type Logger } from "pino";
import { type z } from "zod";
import { clientAddress } from "../http/client-address.js";
import { type Accounts } from "../accounts/service.js";
import { type Follows } from "../social/follows.js";
import { type Blocks } from "../blocks/service.js";
import { type Identity } from "../identity/tokens.js";
import { type ChatService } from "../chat/service.js";
import { type TournamentChat } from "../tournaments/chat.js";
import { type Tournaments } from "../tournaments/service.js";
import { type Quotas } from "../quotas/quotas.js";
import { type MyGames } from "../rooms/my-games.js";
import { type Rooms } from "../rooms/rooms.js";
import { type Seeks } from "../seeks/seeks.js";
import { type Following } from "./following.js";
import { type GuestChain } from "../moderation/guest-chain.js";
import { MAX_PAYLOAD_DEPTH, nestsDeeperThan } from "./payload-depth.js";
import { TokenBucket } from "./rate-limit.js";
import { type Route, ROUTES, type RouteContext, StoreUnavailable } from "./routes.js";
import {
  type ArenaServer,
  type ArenaSocket,
  BOTS_ROOM,
  guestRoom,
  sessionRoom,
  userRoom,
} from "./sockets.js";

export interface GatewayOptions {
  readonly rooms: Rooms;
  readonly identity: Identity;
  /** Who a handshake's token is: a guest, or an account's open session. */
  readonly accounts: Accounts;
  readonly following: Following;
  /** Follows: an account's followers hear when it connects and disconnects. */
  readonly follows: Follows;
  /** Blocks: who may not reach whom (docs/protocol.md, "Blocks"). */
  readonly blocks: Blocks;
  /** Quick pairing: a socket's seek ends when it closes. */
  readonly seeks: Seeks;
  /** Every user's and address's quotas (docs/protocol.md, "Quotas"). */
  readonly quotas: Quotas;
  /** The matches' chat (docs/protocol.md, "Chat"). */
  readonly chat: ChatService;
  /** Tournaments' pages (docs/protocol.md, "Tournaments"). */
  readonly tournaments: Tournaments;
  readonly tournamentChat: TournamentChat;
  /** Every user's notification inbox (docs/protocol.md, "Notifications"). */
  readonly notifications: Inbox;
  readonly forecasts: Forecasts;
  /** Every user's live games, sent on connecting (docs/protocol.md, "My games"). */
  readonly myGames: MyGames;
  readonly logger: Logger;
  /** Proxies in front whose `X-Forwarded-For` entries are believed (docs/protocol.md, "Quotas"). */
  readonly trustedProxies: number;
  /** This process's name, told to each client in `session:ready` (which process behind a balancer serves it). */
  readonly instance: string;
  readonly rateLimit: { readonly burst: number; readonly perSecond: number; readonly maxRefusals: number };
  readonly maxPayloadChars: number;
  readonly observeAck?: (event: string, ok: boolean, seconds: number) => void;
  /** A ban's session chain (moderation/guest-chain.ts): guests of a banned account are refused. */
  readonly guestChain?: GuestChain;
}

/**
 * The longest refusal message sent back (docs/protocol.md, "Errors"). Messages that quote the input
 * (zod's paths and unknown keys, the engine's option and notation errors) already excerpt it; this bounds
 * every refusal, whatever route wrote it.
 */
export const MAX_MESSAGE_CHARS = 200;

/**
 * The first schema problem, quoting the payload only in excerpts: zod's own message for unknown keys lists
 * them all, whole, and a path can hold the sender's keys.
 */
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (issue === undefined) return "not a valid payload";
  const path = issue.path.map((segment) => excerpt(String(segment))).join(".") || "payload";
  if (issue.code === "unrecognized_keys") return `${path}: unknown key(s) ${listExcerpt(issue.keys)}`;
  return `${path}: ${issue.message}`;
}

function bounded(response: Ack): Ack {
  if (response.ok || response.message.length <= MAX_MESSAGE_CHARS) return response;
  return failure(response.code, `${response.message.slice(0, MAX_MESSAGE_CHARS - 1)}…`);
}

/**
 * The edge: every payload is parsed once with its event's zod schema here, handed to its route typed,
 * and every event gets an answer (an ack, or an `error` event when the client gave no callback); unknown
 * events are refused, and floods are cut off.
 */
export function attachGateway(io: ArenaServer, options: GatewayOptions): void {
  const { rooms, identity, following, logger } = options;

  io.use((socket, next) => {
    void admit(socket).then(next, (error: unknown) => {
      logger.error({ err: error }, "handshake failed");
      next(new Error("internal error"));
    });
  });

  /** The handshake: who the token is (a session that ended is nobody: a new guest), then the quotas. */
  async function admit(socket: ArenaSocket): Promise<Error | undefined> {
    const auth: unknown = socket.handshake.auth;
    const token =
      typeof auth === "object" && auth !== null ? (auth as Record<string, unknown>).token : undefined;
    socket.data.address = clientAddress(
      socket.handshake.address,
      socket.handshake.headers["x-forwarded-for"],
      options.trustedProxies,
    );
    const resolved = await options.accounts.resolve(token);
    // The token the page held before it came back as a guest (a session that ended): moderation's chain.
    const former =
      typeof auth === "object" && auth !== null ? (auth as Record<string, unknown>).former : undefined;
    const banned = resolved?.account == null ? await options.guestChain?.refusal([token, former]) : null;
    if (banned != null) {
      const { code, why, until } = banned;
      return Object.assign(new Error(banned.message), { data: { code, why, until } });
    }
    if (resolved !== null) {
      socket.data.user = resolved.user;
      socket.data.token = resolved.token;
      socket.data.account = resolved.account;
    } else {
      // A new guest is counted per address, as `POST /api/session` counts it.
      const limited = await options.quotas.newGuest(socket.data.address);
      if (limited !== null) {
        return Object.assign(new Error(limited.message), {
          data: { code: limited.code, retryAfterMs: limited.retryAfterMs },
        });
      }
      const guest = identity.newGuest();
      await options.guestChain?.link(guest.user.id, former ?? token);
      socket.data.user = guest.user;
      socket.data.token = guest.token;
      socket.data.account = null;
    }
    socket.data.attached = new Map();
    socket.data.watching = 0;
    // Sockets per user and per address, on every process: refused with the reason (`connect_error`,
    // `data.code` "quota"); counted until the socket or its connection closes, whichever comes first (a
    // socket refused later by socket.io itself never connects, and never disconnects either).
    const admitted = await options.quotas.admitSocket(socket.data.user.id, socket.data.address);
    if (!admitted.ok) return Object.assign(new Error(admitted.message), { data: { code: admitted.code } });
    const release = () => {
      socket.conn.off("close", release);
      admitted.release();
    };
    socket.conn.once("close", release);
    socket.once("disconnect", release);
    return undefined;
  }

  /** Not async: a refusal is answered without a promise, and `answer` catches what this throws. */
  function dispatch(socket: ArenaSocket, event: string, payload: unknown): Ack | Promise<Ack> {
    if (!isClientEventName(event)) return failure("unknown-event", `unknown event '${event.slice(0, 64)}'`);
    // Depth first, iteratively: the size check below stringifies, which recursion this deep overflows.
    if (nestsDeeperThan(payload, MAX_PAYLOAD_DEPTH)) {
      return failure("invalid-payload", `the payload nests deeper than ${MAX_PAYLOAD_DEPTH} levels`);
    }
    if (JSON.stringify(payload ?? null).length > options.maxPayloadChars) {
      return failure("payload-too-large", "the payload is too large");
    }
    const parsed = CLIENT_EVENTS[event].safeParse(payload ?? {});
    if (!parsed.success) return failure("invalid-payload", describeIssue(parsed.error.issues[0]));
    // Between the rooms closing and the sockets closing, a stopping process cannot load a match; the match
    // lives on in the store (another process, or this one after its restart), so "not found" would lie.
    if (rooms.isStopped)
      return failure("unavailable", "this server is shutting down; reconnect and try again");
    const ctx: RouteContext = {
      socket,
      rooms,
      identity,
      io,
      following,
      seeks: options.seeks,
      accounts: options.accounts,
      follows: options.follows,
      blocks: options.blocks,
      quotas: options.quotas,
      chat: options.chat,
      tournaments: options.tournaments,
      tournamentChat: options.tournamentChat,
      notifications: options.notifications,
      forecasts: options.forecasts,
    };
    // The one place the event's name and its parsed payload are paired: the table types each route.
    const route = ROUTES[event] as Route<ClientEventName>;
    return route(ctx, parsed.data);
  }

  /** Runs one event and answers it, whatever happens. */
  async function answer(
    socket: ArenaSocket,
    name: string,
    payload: unknown,
    reply: (response: Ack) => void,
  ): Promise<void> {
    const started = performance.now();
    let response: Ack;
    try {
      response = await dispatch(socket, name, payload);
    } catch (error) {
      if (error instanceof StoreUnavailable) {
        logger.warn({ err: error.cause, event: name }, "store unavailable");
        response = failure("store-unavailable", "the match store is unavailable");
      } else {
        // A bug: log it with its stack here, but never send the stack to the client.
        logger.error({ err: error, event: name }, "handler failed");
        response = failure("internal", "internal error");
      }
    }
    try {
      // Label by protocol event only: client-chosen names would grow the metrics registry without bound.
      const label = isClientEventName(name) ? name : "unknown";
      options.observeAck?.(label, response.ok, (performance.now() - started) / 1000);
      if (!response.ok)
        logger.debug({ event: name, code: response.code, user: socket.data.user.id }, "refused");
      reply(response);
    } catch (error) {
      logger.error({ err: error }, "ack failed");
    }
  }

  io.on("connection", (socket) => {
    const bucket = new TokenBucket(options.rateLimit.burst, options.rateLimit.perSecond, Date.now());
    let refusals = 0;
    const account = socket.data.account;
    if (account !== null) void socket.join(sessionRoom(account.sessionId));
    else void socket.join(guestRoom(socket.data.user.id));
    socket.emit("session:ready", {
      token: socket.data.token,
      user: socket.data.user,
      instance: options.instance,
      ...(account === null ? {} : { account: { bot: account.bot } }),
    });
    // The user's own channel (docs/protocol.md, "My games"): their live games now, then each change.
    void socket.join(userRoom(socket.data.user.id));
    options.myGames.list(socket.data.user.id).then(
      (games) => socket.emit("games:list", { games }),
      (error: unknown) => logger.warn({ err: error }, "the user's games could not be read"),
    );
    // Invitations by name (docs/protocol.md): only accounts can be invited; the pending ones follow
    // session:ready, so a bot that connects after the room was made still hears of its seat.
    if (account !== null) {
      if (account.bot) void socket.join(BOTS_ROOM);
      options.follows
        .connected(socket)
        .catch((error: unknown) => logger.warn({ err: error }, "follows could not be read"));
      // Not those from someone a block keeps apart from the user since (docs/protocol.md, "Blocks").
      const apart = options.blocks.related(socket.data.user.id).then((ids) => new Set<string>(ids));
      Promise.all([rooms.invitationsFor(socket.data.user.id), apart]).then(
        ([invitations, related]) => {
          for (const invitation of invitations)
            if (!related.has(invitation.host.id)) socket.emit("invite:received", invitation);
        },
        (error: unknown) => logger.warn({ err: error }, "pending invitations could not be read"),
      );
      Promise.all([options.tournaments.invitationsFor(socket.data.user.id), apart]).then(
        ([invitations, related]) => {
          for (const invitation of invitations)
            if (!related.has(invitation.createdBy.id)) socket.emit("tournament:invited", invitation);
        },
        (error: unknown) => logger.warn({ err: error }, "tournament invitations could not be read"),
      );
    }
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === "function" ? (last as (response: unknown) => void) : null;
      const payload = ack === null ? args[0] : args.length > 1 ? args[0] : undefined;
      const name = typeof event === "string" ? event : String(event);
      const reply = (answer: Ack) => {
        const response = bounded(answer);
        if (ack !== null) ack(response);
        else if (!response.ok)
          socket.emit("error", { event: name, code: response.code, message: response.message });
      };
      if (!bucket.take(Date.now())) {
        refusals++;
        reply(failure("rate-limited", "too many events"));
        if (refusals > options.rateLimit.maxRefusals) {
          logger.warn({ user: socket.data.user.id }, "disconnecting a flooding socket");
          socket.disconnect(true);
        }
        return;
      }
      void answer(socket, name, payload, reply);
    });

    socket.on("disconnect", (reason) => {
      const deliberate = reason === "client namespace disconnect";
      if (socket.data.account !== null) options.follows.announce(socket.data.user);
      rooms.unsubscribeLobby(socket.id);
      void options.seeks
        .socketGone(socket.data.user.id, socket.id)
        .catch((error: unknown) => logger.warn({ err: error }, "a closed socket's seek could not be ended"));
      for (const matchId of [...socket.data.attached.keys()]) {
        const room = rooms.cached(matchId);
        if (room !== undefined) following.unfollow(socket, room, deliberate);
        else following.forget(socket, matchId);
      }
    });
  });
}
