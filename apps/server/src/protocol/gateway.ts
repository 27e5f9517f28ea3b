import {
  type Ack,
  type AckFor,
  CLIENT_EVENTS,
  type ClientEventName,
  type ClientPayload,
  type ClientToServerEvents,
  type ErrorCode,
  failure,
  isClientEventName,
  type MatchId,
  type ServerToClientEvents,
  type UserRef,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type Server, type Socket } from "socket.io";
import { type Identity } from "../identity/tokens.js";
import { type RoomManager } from "../rooms/manager.js";
import { type CommandAck, type Room } from "../rooms/room.js";
import { seatsOf } from "../rooms/model.js";
import { snapshotOf } from "../rooms/view.js";
import { type Command } from "../rooms/decide.js";
import { TokenBucket } from "./rate-limit.js";

export interface SocketData {
  user: UserRef;
  token: string;
  /** The transport's last measured ping round trip (engine.io ping → pong), once known. */
  rttMs: number | undefined;
  /** Matches this socket follows: the seats it holds there (presence), or none (a spectator). */
  attached: Map<MatchId, { seats: number[] }>;
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

export interface GatewayOptions {
  readonly manager: RoomManager;
  readonly identity: Identity;
  readonly logger: Logger;
  readonly now: () => number;
  readonly rateLimit: { readonly burst: number; readonly perSecond: number; readonly maxRefusals: number };
  readonly maxPayloadChars: number;
  readonly observeAck?: (event: string, ok: boolean, seconds: number) => void;
}

type Handler<E extends ClientEventName> = (
  socket: ArenaSocket,
  payload: ClientPayload<E>,
) => Promise<AckFor<E>>;
type Handlers = { [E in ClientEventName]: Handler<E> };

/** The store could not be reached while loading a room. */
class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super("store unavailable", { cause });
  }
}

export const matchRoom = (matchId: MatchId): string => `match:${matchId}`;
export const LOBBY_ROOM = "lobby";

/**
 * The edge: every payload is parsed once with zod here, every event gets an
 * answer (an ack, or an `error` event when the client gave no callback),
 * unknown events are refused, and floods are cut off.
 */
export function attachGateway(io: ArenaServer, options: GatewayOptions): void {
  const { manager, identity, logger, now } = options;

  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token =
      typeof auth === "object" && auth !== null ? (auth as Record<string, unknown>).token : undefined;
    const user = identity.verify(token);
    if (user !== null && typeof token === "string") {
      socket.data.user = user;
      socket.data.token = token;
    } else {
      const guest = identity.newGuest();
      socket.data.user = guest.user;
      socket.data.token = guest.token;
    }
    socket.data.attached = new Map();
    socket.data.rttMs = undefined;
    socket.data.lobby = false;
    next();
  });

  /** Makes the socket follow a match: socket.io room, presence for its seats, else a viewer. */
  function attach(socket: ArenaSocket, room: Room): void {
    const seats = seatsOf(room.model, socket.data.user.id);
    const previous = socket.data.attached.get(room.matchId);
    // Every successful command re-attaches (a join turns a viewer into a player): when nothing changed,
    // nothing is broadcast, or each move would cost a second round of writes to the whole room.
    if (previous !== undefined && sameSeats(previous.seats, seats)) return;
    const t = now();
    if (previous === undefined) void socket.join(matchRoom(room.matchId));
    if (previous === undefined && seats.length === 0) room.viewers++;
    if (previous !== undefined && previous.seats.length === 0 && seats.length > 0) room.viewers--;
    for (const seat of seats) if (!(previous?.seats.includes(seat) ?? false)) room.presence.connect(seat, t);
    socket.data.attached.set(room.matchId, { seats });
    room.presenceUpdated();
  }

  function detach(socket: ArenaSocket, room: Room, deliberate: boolean): void {
    const previous = socket.data.attached.get(room.matchId);
    if (previous === undefined) return;
    socket.data.attached.delete(room.matchId);
    void socket.leave(matchRoom(room.matchId));
    if (previous.seats.length === 0) room.viewers = Math.max(0, room.viewers - 1);
    for (const seat of previous.seats) room.presence.disconnect(seat, now(), deliberate);
    room.presenceUpdated();
  }

  async function roomFor(matchId: MatchId): Promise<Room | null> {
    try {
      return await manager.get(matchId);
    } catch (error) {
      // Loading a room only reads the store: a failure here means the store is unreachable.
      throw new StoreUnavailable(error);
    }
  }

  const user = (socket: ArenaSocket) => ({ kind: "user" as const, user: socket.data.user, inviteOk: false });

  /** A match command through the room's mailbox, with the version it was based on. */
  function command(
    socket: ArenaSocket,
    matchId: MatchId,
    version: number,
    cmd: Command,
    inviteOk = false,
  ): Promise<CommandAck> {
    // A room in memory (every move of a live game) is used as it is: no promise to await first.
    const cached = manager.cached(matchId);
    if (cached !== undefined) return commandIn(socket, cached, version, cmd, inviteOk);
    return roomFor(matchId).then((room) =>
      room === null ? failure("not-found", "no such match") : commandIn(socket, room, version, cmd, inviteOk),
    );
  }

  async function commandIn(
    socket: ArenaSocket,
    room: Room,
    version: number,
    cmd: Command,
    inviteOk: boolean,
  ): Promise<CommandAck> {
    // Follow the match before the command runs, so the sender also gets the events it causes.
    if (!socket.data.attached.has(room.matchId)) attach(socket, room);
    const ack = await room.submit({ kind: "user", user: socket.data.user, inviteOk }, cmd, version);
    // A join turns a viewer into a player; a move never changes who holds which seat.
    if (ack.ok && cmd.type !== "move") attach(socket, room);
    return ack;
  }

  const handlers: Handlers = {
    "session:rename": (socket, { name }) => {
      socket.data.user = { ...socket.data.user, name };
      socket.data.token = identity.issue(socket.data.user);
      return Promise.resolve({ ok: true, token: socket.data.token, user: socket.data.user });
    },
    "lobby:subscribe": async (socket) => {
      socket.data.lobby = true;
      await socket.join(LOBBY_ROOM);
      const rooms = await manager.store.listSummaries();
      return { ok: true, rooms };
    },
    "lobby:unsubscribe": async (socket) => {
      socket.data.lobby = false;
      await socket.leave(LOBBY_ROOM);
      return { ok: true };
    },
    "room:create": async (socket, payload) => {
      const ack = await manager.create(socket.data.user, payload);
      if (ack.ok) {
        const room = await roomFor(ack.matchId);
        if (room !== null) attach(socket, room);
        return { ...ack, version: room?.model.version ?? ack.version } as AckFor<"room:create">;
      }
      return ack;
    },
    "room:join-seat": async (socket, p) => {
      const inviteOk = identity.checkInvite(p.matchId, p.inviteToken);
      const ack = await command(socket, p.matchId, p.version, { type: "join", seat: p.seat }, inviteOk);
      if (!ack.ok) return ack;
      return {
        ok: true,
        version: ack.version,
        seat: p.seat,
        seatToken: identity.seatToken(p.matchId, p.seat, socket.data.user.id),
      } as AckFor<"room:join-seat">;
    },
    "room:leave-seat": async (socket, p) =>
      (await command(socket, p.matchId, p.version, {
        type: "leave",
        seat: p.seat,
      })) as AckFor<"room:leave-seat">,
    "room:set-ai": async (socket, p) =>
      (await command(socket, p.matchId, p.version, {
        type: "set-ai",
        seat: p.seat,
        level: p.level,
      })) as AckFor<"room:set-ai">,
    "room:kick-ai": async (socket, p) =>
      (await command(socket, p.matchId, p.version, {
        type: "kick-ai",
        seat: p.seat,
      })) as AckFor<"room:kick-ai">,
    "room:cancel": async (socket, p) =>
      (await command(socket, p.matchId, p.version, { type: "cancel" })) as AckFor<"room:cancel">,
    "match:move": (socket, p) =>
      command(socket, p.matchId, p.version, {
        type: "move",
        seat: p.seat,
        move: p.move,
        clientMs: p.clientMs,
        lagMs: p.lagMs,
        rttMs: socket.data.rttMs,
      }) as Promise<AckFor<"match:move">>,
    "match:resign": async (socket, p) =>
      (await command(socket, p.matchId, p.version, {
        type: "resign",
        seat: p.seat,
      })) as AckFor<"match:resign">,
    "match:flag": async (socket, p) => {
      const room = await roomFor(p.matchId);
      if (room === null) return failure("not-found", "no such match");
      return (await room.submit(user(socket), { type: "flag" }, null)) as AckFor<"match:flag">;
    },
    "match:claim": async (socket, p) => {
      // Presence is tracked per process; before declaring anyone gone, ask every process (through the
      // adapter) who is connected to the match, so a player on another instance is never claimed against.
      const online = await io
        .in(matchRoom(p.matchId))
        .timeout(2_000)
        .fetchSockets()
        .then((sockets) => sockets.map((s) => s.data.user.id as string))
        .catch(() => null);
      if (online === null) return failure("unavailable", "could not check who is connected; try again");
      return (await command(socket, p.matchId, p.version, {
        type: "claim",
        kind: p.kind,
        seat: p.seat,
        online,
      })) as AckFor<"match:claim">;
    },
    "match:draw-offer": async (socket, p) =>
      (await command(socket, p.matchId, p.version, {
        type: "draw-offer",
        seat: p.seat,
      })) as AckFor<"match:draw-offer">,
    "match:draw-accept": async (socket, p) =>
      (await command(socket, p.matchId, p.version, {
        type: "draw-accept",
        seat: p.seat,
      })) as AckFor<"match:draw-accept">,
    "match:draw-decline": async (socket, p) =>
      (await command(socket, p.matchId, p.version, {
        type: "draw-decline",
        seat: p.seat,
      })) as AckFor<"match:draw-decline">,
    "match:abort": async (socket, p) =>
      (await command(socket, p.matchId, p.version, { type: "abort", seat: p.seat })) as AckFor<"match:abort">,
    "match:rematch": async (socket, p) => {
      const room = await roomFor(p.matchId);
      if (room === null) return failure("not-found", "no such match");
      const ack = await room.submit(user(socket), { type: "rematch" }, null);
      if (!ack.ok) return ack;
      const next = typeof ack.nextMatchId === "string" ? (ack.nextMatchId as MatchId) : null;
      if (next !== null) {
        const nextRoom = await roomFor(next);
        if (nextRoom !== null) attach(socket, nextRoom);
      }
      return { ok: true, version: ack.version, nextMatchId: next } as AckFor<"match:rematch">;
    },
    "match:watch": async (socket, p) => {
      const room = await roomFor(p.matchId);
      if (room === null) return failure("not-found", "no such match");
      return room.read(() => {
        attach(socket, room);
        const invite =
          room.model.host.id === socket.data.user.id ? identity.inviteToken(p.matchId) : undefined;
        const snapshot = snapshotOf(
          room.model,
          { presence: room.presence, viewers: room.viewers, now: now() },
          invite,
        );
        return { ok: true as const, snapshot };
      });
    },
    "match:unwatch": async (socket, p) => {
      const room = await roomFor(p.matchId);
      // Through the mailbox, like watch and sync: a sync queued before this unwatch cannot re-attach after it.
      if (room !== null) await room.run(() => detach(socket, room, true));
      return { ok: true };
    },
    "match:sync": async (socket, p) => {
      const room = await roomFor(p.matchId);
      if (room === null) return failure("not-found", "no such match");
      return room.read(() => {
        attach(socket, room);
        const events = room.history.since(p.sinceVersion);
        if (events !== null && p.sinceVersion <= room.model.version) {
          return { ok: true as const, kind: "events" as const, events };
        }
        const invite =
          room.model.host.id === socket.data.user.id ? identity.inviteToken(p.matchId) : undefined;
        const snapshot = snapshotOf(
          room.model,
          { presence: room.presence, viewers: room.viewers, now: now() },
          invite,
        );
        return { ok: true as const, kind: "snapshot" as const, snapshot };
      });
    },
  };

  /** Not async: a refusal is answered without a promise, and `answer` catches what this throws. */
  function dispatch(socket: ArenaSocket, event: string, payload: unknown): Ack | Promise<Ack> {
    if (!isClientEventName(event)) return failure("unknown-event", `unknown event '${event.slice(0, 64)}'`);
    if (JSON.stringify(payload ?? null).length > options.maxPayloadChars) {
      return failure("payload-too-large", "the payload is too large");
    }
    const parsed = CLIENT_EVENTS[event].safeParse(payload ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined ? "" : `${issue.path.join(".") || "payload"}: ${issue.message}`;
      // zod echoes unknown keys and paths from the payload: bound what is reflected back.
      return failure("invalid-payload", where.length > 200 ? `${where.slice(0, 199)}…` : where);
    }
    // Between the rooms closing and the sockets closing, a stopping process cannot load a match; the match
    // lives on in the store (another process, or this one after its restart), so "not found" would lie.
    if (manager.isStopped)
      return failure("unavailable", "this server is shutting down; reconnect and try again");
    const handler = handlers[event] as (socket: ArenaSocket, payload: unknown) => Promise<Ack>;
    return handler(socket, parsed.data);
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
      if (!response.ok) {
        logger.debug({ event: name, code: response.code, user: socket.data.user.id }, "refused");
      }
      reply(response);
    } catch (error) {
      logger.error({ err: error }, "ack failed");
    }
  }

  io.on("connection", (raw) => {
    const socket = raw;
    const bucket = new TokenBucket(options.rateLimit.burst, options.rateLimit.perSecond, Date.now());
    let refusals = 0;
    socket.emit("session:ready", { token: socket.data.token, user: socket.data.user });
    // clocks.md §2: the lag quota's gain is capped by the transport's RTT once it is known.
    let pingSentAt: number | null = null;
    socket.conn.on("packetCreate", (packet: { type: string }) => {
      if (packet.type === "ping") pingSentAt = performance.now();
    });
    socket.conn.on("packet", (packet: { type: string }) => {
      if (packet.type === "pong" && pingSentAt !== null) {
        socket.data.rttMs = performance.now() - pingSentAt;
        pingSentAt = null;
      }
    });

    socket.onAny((event: unknown, ...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === "function" ? (last as (response: unknown) => void) : null;
      const payload = ack === null ? args[0] : args.length > 1 ? args[0] : undefined;
      const name = typeof event === "string" ? event : String(event);
      const reply = (response: Ack) => {
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
      for (const matchId of [...socket.data.attached.keys()]) {
        void roomFor(matchId).then((room) => {
          if (room !== null) detach(socket, room, deliberate);
        });
      }
    });
  });
}

export type { ErrorCode };

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((seat, i) => seat === b[i]);
}
