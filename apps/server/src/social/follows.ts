import {
  type Ack,
  failure,
  type FollowedPlayer,
  MAX_FOLLOWS,
  type MatchId,
  type RateLimited,
  type UserId,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type Bucket, type Followee, type PlayerStore } from "../store/ports/players.js";
import { type Accounts } from "../accounts/service.js";
import { type Blocks } from "../blocks/service.js";
import { type Rooms } from "../rooms/rooms.js";
import { type ArenaServer, type ArenaSocket, userRoom } from "../protocol/sockets.js";

/** Follows and unfollows per account (docs/protocol.md, "Follows"): 10 at once, one more every 2 s. */
export const FOLLOW_BUCKET: Bucket = { capacity: 10, refillMs: 2_000 };

/** The socket.io room of the sockets of every account that follows `userId` (on every process). */
export const followersRoom = (userId: string): string => `followers:${userId}`;

export interface FollowsOptions {
  readonly store: PlayerStore;
  readonly accounts: Accounts;
  /** A blocked account cannot follow its blocker, nor the blocker it (docs/protocol.md, "Blocks"). */
  readonly blocks: Blocks;
  readonly io: ArenaServer;
  readonly rooms: Rooms;
  readonly logger: Logger;
  readonly now: () => number;
  readonly cap?: number;
}

type Status = Pick<FollowedPlayer, "online" | "playing">;

/**
 * Accounts following accounts (docs/protocol.md, "Follows"): who follows whom is kept in the player
 * store; whether a followed player is online, and the live game they sit in, is read from their sockets
 * on every process and pushed to their followers' sockets (`follow:presence`), never polled.
 */
export class Follows {
  /** Users whose status is being announced, and whether it changed again meanwhile. */
  private readonly announcing = new Map<UserId, boolean>();
  private stopped = false;

  constructor(private readonly options: FollowsOptions) {}

  /** Follows or unfollows an account by name; answers the follower's list as it is now. */
  async set(
    socket: ArenaSocket,
    name: string,
    following: boolean,
  ): Promise<Ack<{ readonly players: readonly FollowedPlayer[] }>> {
    const { store, accounts, io, now } = this.options;
    const self = socket.data.user.id;
    if (socket.data.account === null)
      return failure("forbidden", "only accounts follow players: register first");
    const key = `follow:${self}`;
    if (!(await store.takeToken(key, FOLLOW_BUCKET, now()))) {
      const left = await store.tokensLeft(key, FOLLOW_BUCKET, now());
      const retryAfterMs = Math.max(1, Math.ceil((1 - left) * FOLLOW_BUCKET.refillMs));
      const limited: RateLimited = {
        ...failure("rate-limited", "too many follows; try again shortly"),
        code: "rate-limited",
        retryAfterMs,
      };
      return limited;
    }
    const target = await accounts.account(name);
    if (target === null) return failure("not-found", "no such player");
    if (target.id === self) return failure("forbidden", "you cannot follow yourself");
    if (following) {
      const refused = await this.options.blocks.refusal(self, [target.id]);
      if (refused !== null) return refused;
      const cap = this.options.cap ?? MAX_FOLLOWS;
      const followee: Followee = { id: target.id, name: target.name, since: now() };
      if ((await store.follow(self, followee, cap)) === "quota") {
        return failure("quota", `you follow ${cap} players already; unfollow one first`);
      }
      // Every socket of the follower, on every process, hears of the followed player from now on.
      io.in(userRoom(self)).socketsJoin(followersRoom(target.id));
    } else {
      await store.unfollow(self, target.id);
      io.in(userRoom(self)).socketsLeave(followersRoom(target.id));
    }
    return this.list(socket);
  }

  /** A block was made: neither of the two follows the other from now on, on every process. */
  async separate(a: UserId, b: UserId): Promise<void> {
    const { store, io } = this.options;
    for (const [follower, followee] of [
      [a, b],
      [b, a],
    ] as const) {
      await store.unfollow(follower, followee);
      io.in(userRoom(follower)).socketsLeave(followersRoom(followee));
    }
  }

  /** Whom the sender follows, with each one's status now (accounts only). */
  async list(socket: ArenaSocket): Promise<Ack<{ readonly players: readonly FollowedPlayer[] }>> {
    if (socket.data.account === null)
      return failure("forbidden", "only accounts follow players: register first");
    const followees = await this.options.store.following(socket.data.user.id);
    const statuses = await this.statuses(followees.map((followee) => followee.id));
    return {
      ok: true,
      players: followees.map(({ id, name }) => ({ id, name, ...(statuses.get(id) ?? OFFLINE) })),
    };
  }

  /** The process is closing: the disconnects of its own sockets are not news to anyone's followers. */
  stop(): void {
    this.stopped = true;
  }

  /** An account's socket connected: it hears of whom it follows, and its followers hear it is online. */
  async connected(socket: ArenaSocket): Promise<void> {
    const followees = await this.options.store.following(socket.data.user.id);
    if (followees.length > 0) await socket.join(followees.map((followee) => followersRoom(followee.id)));
    this.announce(socket.data.user);
  }

  /**
   * Tells a user's followers their status now (they connected or disconnected, sat down in or left a live
   * game). One read at a time per user: a change during it is announced again after it.
   */
  announce(user: { readonly id: UserId; readonly name: string }): void {
    if (this.stopped) return;
    if (this.announcing.has(user.id)) {
      this.announcing.set(user.id, true);
      return;
    }
    this.announcing.set(user.id, false);
    void this.statuses([user.id])
      .then((statuses) => {
        // Past `stop` the adapter's connections may be closed: its publish would fail unheard.
        if (this.stopped) return;
        const status = statuses.get(user.id) ?? OFFLINE;
        this.options.io
          .to(followersRoom(user.id))
          .emit("follow:presence", { id: user.id, name: user.name, ...status });
      })
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error }, "a follow status could not be read"),
      )
      .finally(() => {
        const again = this.announcing.get(user.id) === true;
        this.announcing.delete(user.id);
        if (again) this.announce(user);
      });
  }

  /** Who of `ids` is connected on any process, and the live game each holds a seat in (if any). */
  private async statuses(ids: readonly UserId[]): Promise<Map<UserId, Status>> {
    const found = new Map<UserId, Status>();
    if (ids.length === 0) return found;
    const sockets = await this.options.io.in(ids.map((id) => userRoom(id))).fetchSockets();
    for (const socket of sockets) {
      const id = socket.data.user.id;
      const seated = [...socket.data.attached].flatMap(([matchId, { seats }]) =>
        seats.length > 0 ? [matchId] : [],
      );
      const playing = (await this.firstLive(seated)) ?? found.get(id)?.playing ?? null;
      found.set(id, { online: true, playing });
    }
    return found;
  }

  private async firstLive(matchIds: readonly MatchId[]): Promise<MatchId | null> {
    for (const matchId of matchIds) {
      const room = this.options.rooms.cached(matchId) ?? (await this.options.rooms.get(matchId));
      if (room?.model.status === "live") return matchId;
    }
    return null;
  }
}

const OFFLINE: Status = { online: false, playing: null };
