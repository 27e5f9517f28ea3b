import { correspondencePoolId } from "../seeks/pools.js";
import {
  asVersion,
  type ClientEventName,
  failure,
  type Failure,
  type Invitation,
  type LobbyChange,
  type MatchId,
  type Snapshot,
  type UserRef,
} from "@arena/protocol";
import { excerpt } from "@arena/engine";
import { refuseRatedAi, refuseRatedCreate, refuseRatedJoin } from "../ratings/eligibility.js";
import { type Command, type CommandAck } from "../rooms/decide.js";
import { invitationIsNews, resolveInvitations } from "../rooms/invitations.js";
import { type Room } from "../rooms/room.js";
import { peopleMet } from "../blocks/rooms.js";
import { CHAT_ROUTES } from "./chat-routes.js";
import { TOURNAMENT_ROUTES } from "./tournament-routes.js";
import { fromStore, NO_MATCH, type Route, type RouteContext, roomFor } from "./route-context.js";
import { onlineUsers, SEEK_COUNTS_ROOM, userRoom } from "./sockets.js";

export { type Route, type RouteContext, StoreUnavailable } from "./route-context.js";

/** The answer to a socket that may not watch one more match (docs/protocol.md, "Quotas"). */
function watchQuota(ctx: RouteContext): Failure {
  const { watchesPerSocket, watchesPerUser } = ctx.quotas.limits;
  return ctx.socket.data.watching >= watchesPerSocket
    ? failure("quota", `this connection watches ${watchesPerSocket} games; leave one to watch another`)
    : failure("quota", `you watch ${watchesPerUser} games; leave one to watch another`);
}

/** A match command through the room's mailbox, with the version it was based on. */
function command(
  ctx: RouteContext,
  matchId: MatchId,
  version: number | null,
  cmd: Command,
  inviteOk = false,
): Promise<CommandAck> {
  // A room in memory (every move of a live game) is used as it is: no promise to await first.
  const cached = ctx.rooms.cached(matchId);
  if (cached !== undefined) return commandIn(ctx, cached, version, cmd, inviteOk);
  return roomFor(ctx, matchId).then((room) =>
    room === null ? NO_MATCH : commandIn(ctx, room, version, cmd, inviteOk),
  );
}

async function commandIn(
  ctx: RouteContext,
  room: Room,
  version: number | null,
  cmd: Command,
  inviteOk: boolean,
): Promise<CommandAck> {
  const { socket, following } = ctx;
  // Follow the match before the command runs, so the sender also gets the events it causes (a spectator
  // beyond its watch limits does not: its command runs all the same).
  if (!socket.data.attached.has(room.matchId)) following.follow(socket, room);
  const ack = await room.submit({ kind: "user", user: socket.data.user, inviteOk }, cmd, version);
  // A join or a leave changes who holds which seat; a move never does.
  if (ack.ok && cmd.type !== "move") following.follow(socket, room);
  return ack;
}

/** Every socket of an invitee hears of its seat, on whichever process it is connected. */
function tellInvitee(ctx: RouteContext, invitee: UserRef, invitation: Invitation): void {
  const { matchId, seat, gameId, timeControl, rated, host } = invitation;
  ctx.io
    .to(userRoom(invitee.id))
    .emit("invite:received", { matchId, seat, gameId, timeControl, rated, host });
  ctx.notifications.invited(invitee.id, { matchId, seat, gameId, timeControl, rated, host });
}

/** The host's room view includes the invite secret; nobody else's does. */
function snapshotFor(ctx: RouteContext, room: Room): Snapshot {
  const host = room.model.host.id === ctx.socket.data.user.id;
  return room.snapshot(host ? ctx.identity.inviteToken(room.matchId) : undefined);
}

/**
 * Every client event and its handler: the gateway parses the payload with the event's schema from
 * `@arena/protocol` and calls the handler with the typed value; each answer is typed by the event's ack.
 */
export const ROUTES: { readonly [E in ClientEventName]: Route<E> } = {
  ...CHAT_ROUTES,
  ...TOURNAMENT_ROUTES,
  async "session:rename"({ socket, identity, accounts }, { name }) {
    // An account's name is its username (docs/protocol.md, "Accounts").
    if (socket.data.account !== null) return failure("forbidden", "an account's name is its username");
    const refused = await fromStore(accounts.checkGuestName(name));
    if (refused !== null) return refused;
    socket.data.user = { ...socket.data.user, name };
    socket.data.token = identity.issue(socket.data.user);
    return { ok: true, token: socket.data.token, user: socket.data.user };
  },

  async "lobby:subscribe"({ socket, rooms }, query) {
    const subscriber = {
      id: socket.id,
      active: () => socket.connected,
      deliver: (change: LobbyChange) => socket.emit("lobby:changed", change),
    };
    const page = await fromStore(rooms.subscribeLobby(subscriber, query));
    return { ok: true, ...page };
  },

  "lobby:unsubscribe"({ socket, rooms }, { view }) {
    rooms.unsubscribeLobby(socket.id, view);
    return { ok: true };
  },

  async "room:create"(ctx, payload) {
    const notRated = refuseRatedCreate(payload, ctx.socket.data.account);
    if (notRated !== null) return notRated;
    const invited = await fromStore(
      resolveInvitations(payload.seats, payload.rated, (name) => ctx.accounts.account(name)),
    );
    if (!invited.ok) return invited;
    for (const spec of invited.seats) {
      if (spec.kind !== "invite" || spec.invitee === undefined) continue;
      const blocked = await fromStore(ctx.blocks.refusal(ctx.socket.data.user.id, [spec.invitee.id]));
      if (blocked !== null) return blocked;
      const limited = await fromStore(ctx.quotas.invitation(ctx.socket.data.user.id, spec.invitee.id));
      if (limited !== null) return limited;
    }
    const request = { ...payload, seats: invited.seats };
    const ack = await ctx.rooms.create(ctx.socket.data.user, ctx.socket.data.address, request);
    if (!ack.ok) return ack;
    const room = await roomFor(ctx, ack.matchId);
    if (room !== null) ctx.following.follow(ctx.socket, room);
    invited.seats.forEach((spec, seat) => {
      if (spec.kind === "invite" && spec.invitee !== undefined) {
        tellInvitee(ctx, spec.invitee, {
          ...payload,
          matchId: ack.matchId,
          seat,
          host: ctx.socket.data.user,
        });
      }
    });
    return {
      ok: true,
      matchId: ack.matchId,
      version: room === null ? ack.version : asVersion(room.model.version),
      inviteToken: ctx.identity.inviteToken(ack.matchId),
    };
  },

  async "room:join-seat"(ctx, { matchId, version, seat, inviteToken }) {
    const inviteOk = ctx.identity.checkInvite(matchId, inviteToken);
    const room = ctx.rooms.cached(matchId) ?? (await roomFor(ctx, matchId));
    if (room === null) return NO_MATCH;
    const notRated = refuseRatedJoin(room.model, ctx.socket.data.account);
    if (notRated !== null) return notRated;
    const self = ctx.socket.data.user.id;
    const blocked = await fromStore(ctx.blocks.refusal(self, peopleMet(room.model, self)));
    if (blocked !== null) return blocked;
    const ack = await commandIn(ctx, room, version, { type: "join", seat }, inviteOk);
    return ack.ok ? { ok: true, version: ack.version, seat } : ack;
  },

  async "room:invite"(ctx, { matchId, version, seat, name }) {
    const account = await fromStore(ctx.accounts.account(name));
    if (account === null) return failure("not-found", `no account is named '${excerpt(name)}'`);
    const invitee = { id: account.id, name: account.name };
    const room = ctx.rooms.cached(matchId) ?? (await roomFor(ctx, matchId));
    if (room === null) return NO_MATCH;
    const blocked = await fromStore(ctx.blocks.refusal(ctx.socket.data.user.id, [invitee.id]));
    if (blocked !== null) return blocked;
    // Per inviter and per invitee, across rooms (docs/protocol.md, "Invitations by name").
    if (invitationIsNews(room.model, ctx.socket.data.user.id, invitee.id)) {
      const limited = await fromStore(ctx.quotas.invitation(ctx.socket.data.user.id, invitee.id));
      if (limited !== null) return limited;
    }
    const cmd: Command = { type: "invite", seat, invitee, bot: account.bot };
    const ack = await commandIn(ctx, room, version, cmd, false);
    if (!ack.ok) return ack;
    // A repeat of a standing invitation tells nobody.
    if (ack.notify === true) tellInvitee(ctx, invitee, { ...room.model, seat });
    return { ok: true, version: ack.version };
  },

  "room:decline": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "decline", seat }),

  "room:leave-seat": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "leave", seat }),

  async "room:set-ai"(ctx, { matchId, version, seat, level }) {
    const room = await roomFor(ctx, matchId);
    if (room === null) return NO_MATCH;
    const notRated = refuseRatedAi(room.model);
    if (notRated !== null) return notRated;
    // An AI seated by its host counts among the host's AI games (docs/protocol.md, "Quotas").
    if (room.model.host.id === ctx.socket.data.user.id) {
      const refused = await ctx.rooms.admitAi(room);
      if (refused !== null) return refused;
    }
    const ack = await commandIn(ctx, room, version, { type: "set-ai", seat, level }, false);
    // A refused command gives back the place it was given.
    if (!ack.ok) ctx.rooms.settleQuotas(room);
    return ack;
  },

  "room:kick-ai": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "kick-ai", seat }),

  "room:cancel": (ctx, { matchId, version }) => command(ctx, matchId, version, { type: "cancel" }),

  "match:move": (ctx, { matchId, version, seat, move, clientMs, lagMs }) =>
    command(ctx, matchId, version, { type: "move", seat, move, clientMs, lagMs }),

  "match:resign": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "resign", seat }),

  "match:berserk": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "berserk", seat }),

  "forecast:set": (ctx, { matchId, version, lines }) =>
    fromStore(ctx.forecasts.set(ctx.socket.data.user, matchId, version, lines)),
  "forecast:get": (ctx, { matchId }) => fromStore(ctx.forecasts.get(ctx.socket.data.user, matchId)),
  async "match:flag"(ctx, { matchId }) {
    const ack = await command(ctx, matchId, null, { type: "flag" });
    return ack.ok ? { ok: true, version: ack.version, flagged: ack.flagged ?? false } : ack;
  },

  async "match:claim"(ctx, { matchId, version, kind, seat }) {
    // Presence is tracked per process; before declaring anyone gone, ask every process (through the
    // adapter) who is connected to the match, so a player on another instance is never claimed against.
    const online = await onlineUsers(ctx.io, matchId);
    if (online === null) return failure("unavailable", "could not check who is connected; try again");
    return command(ctx, matchId, version, { type: "claim", kind, seat, online });
  },

  "match:draw-offer": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "draw-offer", seat }),

  "match:draw-accept": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "draw-accept", seat }),

  "match:draw-decline": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "draw-decline", seat }),

  "match:takeback-ask": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "takeback-ask", seat }),

  "match:takeback-accept": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "takeback-accept", seat }),

  "match:takeback-decline": (ctx, { matchId, version, seat }) =>
    command(ctx, matchId, version, { type: "takeback-decline", seat }),

  "match:abort": (ctx, { matchId, version, seat }) => command(ctx, matchId, version, { type: "abort", seat }),

  async "match:rematch"(ctx, { matchId }) {
    const room = ctx.rooms.cached(matchId) ?? (await roomFor(ctx, matchId));
    if (room === null) return NO_MATCH;
    const self = ctx.socket.data.user.id;
    const blocked = await fromStore(ctx.blocks.refusal(self, peopleMet(room.model, self)));
    if (blocked !== null) return blocked;
    const ack = await commandIn(ctx, room, null, { type: "rematch" }, false);
    if (!ack.ok) return ack;
    const next = ack.nextMatchId ?? null;
    if (next !== null) {
      const nextRoom = await roomFor(ctx, next);
      if (nextRoom !== null) ctx.following.follow(ctx.socket, nextRoom);
    }
    return { ok: true, version: ack.version, nextMatchId: next };
  },

  async "match:watch"(ctx, { matchId }) {
    const room = await roomFor(ctx, matchId);
    if (room === null) return NO_MATCH;
    return room.read(() => {
      if (!ctx.following.follow(ctx.socket, room)) return watchQuota(ctx);
      return { ok: true as const, snapshot: snapshotFor(ctx, room) };
    });
  },

  async "match:unwatch"(ctx, { matchId }) {
    const room = await roomFor(ctx, matchId);
    // Through the mailbox, like watch and sync: a sync queued before this unwatch cannot re-attach after it.
    if (room !== null) await room.run(() => ctx.following.unfollow(ctx.socket, room, true));
    return { ok: true };
  },

  // Follows (docs/protocol.md, "Follows").
  "follow:set"(ctx, { name, following }) {
    return fromStore(ctx.follows.set(ctx.socket, name, following));
  },

  "follow:list"(ctx) {
    return fromStore(ctx.follows.list(ctx.socket));
  },

  "room:spectator-chat": (ctx, { matchId, version, open, slowSeconds }) =>
    command(ctx, matchId, version, {
      type: "spectator-chat",
      open,
      ...(slowSeconds === undefined ? {} : { slowSeconds }),
    }),

  async "match:sync"(ctx, { matchId, sinceVersion }) {
    const room = await roomFor(ctx, matchId);
    if (room === null) return NO_MATCH;
    return room.read(() => {
      if (!ctx.following.follow(ctx.socket, room)) return watchQuota(ctx);
      const events = room.history.since(sinceVersion);
      if (events !== null && sinceVersion <= room.model.version) {
        return { ok: true as const, kind: "events" as const, events };
      }
      return { ok: true as const, kind: "snapshot" as const, snapshot: snapshotFor(ctx, room) };
    });
  },

  // ——— Quick pairing (docs/protocol.md, "Quick pairing") ———

  async "seek:enter"({ socket, seeks }, { poolId: listed, gameId, timeControl, rated }) {
    // The schema lets through a pool id, or a game and a correspondence time control ("Correspondence").
    const poolId =
      listed ??
      (gameId === undefined || timeControl === undefined ? "" : correspondencePoolId(gameId, timeControl));
    const seeker = {
      user: socket.data.user,
      socketId: socket.id,
      account: socket.data.account,
      address: socket.data.address,
    };
    const ack = await seeks.enter(seeker, poolId, rated);
    // A socket that closed while its seek was being entered missed its own end: end it now.
    if (ack.ok && !socket.connected) await seeks.socketGone(seeker.user.id, socket.id);
    return ack;
  },

  async "seek:cancel"({ socket, seeks }) {
    const cancelled = await fromStore(seeks.cancel(socket.data.user.id, socket.id));
    return { ok: true, cancelled };
  },

  async "seek:subscribe"({ socket, seeks }) {
    await socket.join(SEEK_COUNTS_ROOM);
    const counts = await fromStore(seeks.watch(socket.id));
    return { ok: true, counts };
  },

  async "seek:unsubscribe"({ socket, seeks }) {
    await socket.leave(SEEK_COUNTS_ROOM);
    seeks.unwatch(socket.id);
    return { ok: true };
  },
};
