import { GAME_IDS, getGame, isGameId } from "@arena/engine";
import { aiFor } from "@arena/engine/ai/registry";
import {
  type Ack,
  asMatchId,
  asMillis,
  asVersion,
  type ClientPayload,
  failure,
  type MatchEvent,
  type MatchId,
  type PresenceUpdate,
  type RoomSummary,
  type SeatToken,
  type UserRef,
  type VersionedEvent,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type AiPool } from "../ai/pool.js";
import { type Clock } from "../clocks/scheduler.js";
import { type Identity, randomId } from "../identity/tokens.js";
import { type MatchStore } from "../store/ports.js";
import { type MatchModel, openSeats } from "./model.js";
import { Room, type RoomHost } from "./room.js";
import { summaryOf } from "./view.js";
import { randomInt } from "node:crypto";

// Long enough for rematch offers and the first wave of late viewers; after that a finished room is
// loaded from the store again on demand.
const EVICT_AFTER_MS = 2 * 60_000;
/**
 * Finished rooms kept at most, oldest dropped first. Without a bound the cache grew with the rate games
 * end: the soak's 66 games/s kept ~8,000 rooms (200 MB of live heap, and V8 grew the heap to 4× that).
 */
export const FINISHED_ROOMS_KEPT = 500;
/** Lease commands in flight at once during upkeep (they pipeline on one Redis connection). */
const LEASE_BATCH = 200;

async function inBatches<T>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(run));
  }
}

function isOver(model: MatchModel): boolean {
  return model.status !== "live" && model.status !== "waiting";
}

/** How a room's news leaves the process (socket.io in the app, a spy in tests). */
export interface Fanout {
  matchEvent(matchId: MatchId, entry: VersionedEvent): void;
  presence(update: PresenceUpdate): void;
  lobbyUpdated(summary: RoomSummary): void;
  lobbyRemoved(matchId: MatchId): void;
  /** This process dropped a finished match from its cache: its sockets stop following it here. */
  evicted(matchId: MatchId): void;
}

export interface ManagerOptions {
  readonly store: MatchStore;
  readonly clock: Clock;
  readonly ai: AiPool;
  readonly logger: Logger;
  readonly identity: Identity;
  /** This process's name in leases. */
  readonly owner: string;
  readonly leaseTtlMs: number;
  readonly goneScale: number;
  /** clocks.md §7 caps on the downtime credited to the side to move and the others. */
  readonly creditToMoveMs: number;
  readonly creditOthersMs: number;
  /** Finished rooms kept in memory at most (default FINISHED_ROOMS_KEPT). */
  readonly finishedRoomsKept?: number;
}

export interface ManagerMetrics {
  onMove?(): void;
}

/**
 * Every room this process has touched, and the process's part in the
 * cluster: it owns (leases) the live matches whose timers and AI it runs,
 * renews those leases, and takes over matches whose owner went away.
 */
export class RoomManager implements RoomHost {
  private readonly rooms = new Map<MatchId, Room>();
  private readonly loading = new Map<MatchId, Promise<Room | null>>();
  private fanout: Fanout | null = null;
  private unsubscribe: (() => void) | null = null;
  private cancelMaintenance: (() => void) | null = null;
  private stopped = false;
  /** Matches this process is acquiring right now. */
  private readonly owning = new Set<MatchId>();
  /** Cached finished rooms, oldest first, each with the cancel of its eviction timer. */
  private readonly finished = new Map<MatchId, () => void>();
  metrics: ManagerMetrics = {};

  readonly store: MatchStore;
  readonly clock: Clock;
  readonly ai: AiPool;
  readonly logger: Logger;
  readonly goneScale: number;

  constructor(private readonly options: ManagerOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.ai = options.ai;
    this.logger = options.logger;
    this.goneScale = options.goneScale;
  }

  attach(fanout: Fanout): void {
    this.fanout = fanout;
  }

  /** Subscribes to appends, loads the live games (taking over orphans) and starts lease upkeep. */
  async start(): Promise<void> {
    this.unsubscribe = this.store.onAppend((matchId, version) => this.rooms.get(matchId)?.notify(version));
    await this.maintain();
  }

  /** One round of lease upkeep: renew ours, take over expired ones. Tests call it directly. */
  async maintain(): Promise<void> {
    if (this.stopped) return;
    this.cancelMaintenance?.();
    try {
      await this.maintainOnce();
    } finally {
      // Keep the upkeep going even when a round failed (store down): leases must be renewed after it returns.
      if (!this.stopped) {
        this.cancelMaintenance = this.clock.schedule(this.clock.now() + this.options.leaseTtlMs / 3, () => {
          void this.maintain().catch((error: unknown) =>
            this.logger.error({ err: error }, "lease upkeep failed"),
          );
        });
      }
    }
  }

  private async maintainOnce(): Promise<void> {
    const now = this.clock.now();
    // Concurrently, in bounded batches: one after another, a process owning hundreds of games under load
    // took longer than a lease lives to renew them all, and the other process took over healthy games
    // (crediting 10+ s of "downtime" and refusing the moves in flight as stale).
    const owned = [...this.rooms.values()].filter((room) => room.owned);
    await inBatches(owned, LEASE_BATCH, async (room) => {
      const kept = await this.store.renewLease(
        room.matchId,
        this.options.owner,
        this.options.leaseTtlMs,
        now,
      );
      if (!kept) {
        this.logger.warn({ matchId: room.matchId }, "lost a lease");
        room.owned = false;
        room.rearm();
      }
    });
    const orphans = (await this.store.listLive()).filter(
      (matchId) => this.rooms.get(matchId)?.owned !== true,
    );
    await inBatches(orphans, LEASE_BATCH, (matchId) => this.tryOwn(matchId, true));
  }

  private async tryOwn(matchId: MatchId, takeover: boolean): Promise<void> {
    // The start of a match and the upkeep round both try to own it; if both ran, this process would
    // "take over" from itself (its own fresh heartbeat) and append a credit that makes moves in flight stale.
    if (this.owning.has(matchId)) return;
    this.owning.add(matchId);
    try {
      await this.own(matchId, takeover);
    } finally {
      this.owning.delete(matchId);
    }
  }

  private async own(matchId: MatchId, takeover: boolean): Promise<void> {
    const now = this.clock.now();
    const grant = await this.store.acquireLease(matchId, this.options.owner, this.options.leaseTtlMs, now);
    if (!grant.acquired) return;
    const room = await this.get(matchId);
    if (room === null) return;
    // Already ours (the upkeep listed it just before this process finished acquiring it): a renewal.
    if (room.owned) return;
    if (room.model.status !== "live") {
      await this.store.setLive(matchId, false);
      await this.store.releaseLease(matchId, this.options.owner);
      return;
    }
    room.owned = true;
    if (takeover && grant.previousHeartbeat !== null) {
      // §7: credit the time nobody ran this game (capped), and say so in its event stream.
      const away = Math.max(0, now - grant.previousHeartbeat);
      this.logger.info({ matchId, away }, "took over a live match");
      await room.submit(
        { kind: "system" },
        {
          type: "credit",
          awayMs: away,
          toMoveCapMs: this.options.creditToMoveMs,
          othersCapMs: this.options.creditOthersMs,
          why: "server restart",
        },
        null,
      );
    }
    await room.run(() => room.rearm());
  }

  /** Stops timers and AI. Graceful: hand the leases back so another process takes over at once. */
  async stop(graceful: boolean): Promise<void> {
    this.stopped = true;
    this.fanout = null;
    this.cancelMaintenance?.();
    this.unsubscribe?.();
    for (const cancel of this.finished.values()) cancel();
    this.finished.clear();
    for (const room of this.rooms.values()) {
      room.close();
      if (graceful && room.owned) await this.store.releaseLease(room.matchId, this.options.owner);
    }
    this.rooms.clear();
  }

  /** Shutting down: rooms are closed and no longer loaded. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** The room of a match if it is in memory now (no promise: the path of every move). */
  cached(matchId: MatchId): Room | undefined {
    return this.stopped ? undefined : this.rooms.get(matchId);
  }

  /** The room of a match, loaded from the store on first use. */
  async get(matchId: MatchId): Promise<Room | null> {
    if (this.stopped) return null;
    const cached = this.cached(matchId);
    if (cached !== undefined) return cached;
    let pending = this.loading.get(matchId);
    if (pending === undefined) {
      pending = Room.load(this, matchId).then(
        (room) => {
          this.loading.delete(matchId);
          if (room !== null && !this.stopped) {
            this.rooms.set(matchId, room);
            // An old game opened by a viewer is cached like one that just ended, and dropped the same way.
            if (isOver(room.model)) this.retire(room);
          }
          return room;
        },
        (error: unknown) => {
          // A failed load (store down) must not be remembered: the next request tries again.
          this.loading.delete(matchId);
          throw error;
        },
      );
      this.loading.set(matchId, pending);
    }
    return pending;
  }

  liveCount(): number {
    let live = 0;
    for (const room of this.rooms.values()) if (room.owned && room.model.status === "live") live++;
    return live;
  }

  maxAiLevel(gameId: string): number {
    return isGameId(gameId) ? aiFor(gameId).levels.length : 1;
  }

  /** What the lobby needs per game; the engine has no option descriptions, so the defaults stand in. */
  gameInfo(): {
    id: string;
    title: string;
    seats: number | null;
    defaultOptions: unknown;
    aiLevels: number;
  }[] {
    return GAME_IDS.map((id) => {
      const game = getGame(id);
      const options = game.parseOptions({});
      return {
        id,
        title: game.title,
        seats: options.ok ? game.seatCount(options.value) : null,
        defaultOptions: options.ok ? options.value : null,
        aiLevels: this.maxAiLevel(id),
      };
    });
  }

  async create(
    host: UserRef,
    input: ClientPayload<"room:create">,
  ): Promise<Ack<{ matchId: MatchId; version: number; inviteToken: string; seatToken?: SeatToken }>> {
    if (!isGameId(input.gameId)) return failure("not-found", `no game '${input.gameId}'`);
    const game = getGame(input.gameId);
    const options = game.parseOptions(input.options ?? {});
    if (!options.ok) return failure(options.error.code, options.error.message);
    const seats = game.seatCount(options.value);
    if (input.seats.length !== seats) {
      return failure("invalid-payload", `${input.gameId} with these options has ${seats} seats`);
    }
    const maxLevel = this.maxAiLevel(input.gameId);
    if (input.seats.some((seat) => seat.kind === "ai" && seat.level > maxLevel)) {
      return failure("invalid-payload", `AI levels go up to ${maxLevel}`);
    }
    if (input.sit !== undefined && input.seats[input.sit]?.kind === "ai") {
      return failure("seat-taken", "that seat is an AI seat");
    }
    if (input.sit !== undefined && input.sit >= seats) return failure("not-found", "no such seat");
    const matchId = asMatchId(`m_${randomId(9)}`);
    const event: MatchEvent = {
      type: "created",
      gameId: input.gameId,
      options: options.value,
      timeControl: input.timeControl,
      seats: input.seats,
      rated: input.rated,
      visibility: input.visibility,
      host,
      seed: randomInt(0, 2 ** 31 - 1),
    };
    const now = this.clock.now();
    let written;
    try {
      written = await this.store.append(matchId, 0, [{ version: asVersion(1), at: asMillis(now), event }]);
    } catch (error) {
      this.logger.warn({ err: error, matchId }, "store append failed");
      return failure("store-unavailable", "the match store is unavailable");
    }
    if (!written.ok) return failure("internal", "match id collision");
    const room = await this.get(matchId);
    if (room === null) return failure("store-unavailable", "the new match could not be read back");
    this.changed(room, room.model);
    let seatToken: SeatToken | undefined;
    if (input.sit !== undefined) {
      const joined = await room.submit(
        { kind: "user", user: host, inviteOk: true },
        { type: "join", seat: input.sit },
        null,
      );
      if (!joined.ok) return joined;
      seatToken = this.options.identity.seatToken(matchId, input.sit, host.id);
    }
    if (openSeats(room.model) === 0) await room.submit({ kind: "system" }, { type: "start" }, null);
    return {
      ok: true,
      matchId,
      version: room.model.version,
      inviteToken: this.options.identity.inviteToken(matchId),
      ...(seatToken === undefined ? {} : { seatToken }),
    };
  }

  async createRematch(model: MatchModel): Promise<MatchId> {
    // Seats rotate by one (colours swapped in a two-seat game); everyone keeps their kind and level.
    const n = model.slots.length;
    const rotated = model.slots.map(
      (_, seat) => model.slots[(seat + n - 1) % n] ?? { kind: "open" as const },
    );
    const matchId = asMatchId(`m_${randomId(9)}`);
    const now = asMillis(this.clock.now());
    const events: MatchEvent[] = [
      {
        type: "created",
        gameId: model.gameId,
        options: model.options,
        timeControl: model.timeControl,
        seats: rotated.map((slot) => (slot.kind === "ai" ? slot : { kind: "open" as const })),
        rated: model.rated,
        visibility: model.visibility,
        host: model.host,
        seed: randomInt(0, 2 ** 31 - 1),
      },
      ...rotated.flatMap((slot, seat): MatchEvent[] =>
        slot.kind === "human" ? [{ type: "seat-joined", seat, user: slot.user }] : [],
      ),
    ];
    await this.store.append(
      matchId,
      0,
      events.map((event, i) => ({ version: asVersion(i + 1), at: now, event })),
    );
    const room = await this.get(matchId);
    if (room !== null) await room.submit({ kind: "system" }, { type: "start" }, null);
    return matchId;
  }

  publish(matchId: MatchId, entry: VersionedEvent): void {
    if (entry.event.type === "moved") this.metrics.onMove?.();
    this.fanout?.matchEvent(matchId, entry);
  }

  presenceChanged(room: Room): void {
    const now = this.clock.now();
    this.fanout?.presence({
      matchId: room.matchId,
      seats: room.model.slots.flatMap((slot, seat) => {
        if (slot.kind !== "human") return [];
        const offline = room.presence.offlineSince(seat, now);
        return [
          {
            seat,
            connected: room.presence.connected(seat),
            offlineSince: offline === null ? null : asMillis(offline),
            gone: room.presence.isGone(seat, now),
          },
        ];
      }),
      viewers: room.viewers,
    });
    this.publishSummary(room, room.model);
  }

  changed(room: Room, before: MatchModel): void {
    const model = room.model;
    // A move in a live game: nothing here changes (status, seats and leases stay, the lobby does not
    // show moves), and this runs for every move.
    if (
      before.status === "live" &&
      model.status === "live" &&
      before.slots === model.slots &&
      before.eliminated === model.eliminated
    ) {
      return;
    }
    const log = (error: unknown) =>
      this.logger.error({ err: error, matchId: model.matchId }, "store update failed");
    if (before.status !== "live" && model.status === "live") {
      void this.store
        .setLive(model.matchId, true)
        .then(() => this.tryOwn(model.matchId, false))
        .catch(log);
    }
    if (model.status !== "live" && model.status !== "waiting" && (before.status === "live" || room.owned)) {
      room.owned = false;
      void this.store.setLive(model.matchId, false).catch(log);
      void this.store.releaseLease(model.matchId, this.options.owner).catch(log);
    }
    if (isOver(model) && !isOver(before)) this.retire(room);
    this.publishSummary(room, before);
  }

  /** Finished rooms leave memory after a while (rematch offers, late viewers), or sooner when too many
   * have ended; the store keeps them. */
  private retire(room: Room): void {
    const matchId = room.matchId;
    if (this.finished.has(matchId)) return;
    this.finished.set(
      matchId,
      this.clock.schedule(this.clock.now() + EVICT_AFTER_MS, () => this.evict(matchId)),
    );
    const kept = this.options.finishedRoomsKept ?? FINISHED_ROOMS_KEPT;
    for (const oldest of this.finished.keys()) {
      if (this.finished.size <= kept) break;
      this.evict(oldest);
    }
  }

  private evict(matchId: MatchId): void {
    const cancel = this.finished.get(matchId);
    if (cancel === undefined) return;
    cancel();
    this.finished.delete(matchId);
    const room = this.rooms.get(matchId);
    if (room === undefined) return;
    room.close();
    this.rooms.delete(matchId);
    this.fanout?.evicted(matchId);
  }

  /** Cached finished rooms (for tests and metrics). */
  get finishedCached(): number {
    return this.finished.size;
  }

  /** Keeps the lobby's copy of a public room current (the store's list and the lobby subscribers). */
  private publishSummary(room: Room, before: MatchModel): void {
    const model = room.model;
    if (model.visibility !== "public") return;
    const log = (error: unknown) =>
      this.logger.error({ err: error, matchId: model.matchId }, "store update failed");
    if (model.status === "waiting" || model.status === "live") {
      const summary = summaryOf(model, {
        presence: room.presence,
        viewers: room.viewers,
        now: this.clock.now(),
      });
      // Every lobby subscriber would otherwise get every move of every public game: a live game's
      // summary is republished only when something the lobby shows (seats, presence, viewers) changes.
      const key = JSON.stringify({ ...summary, version: 0 });
      if (model.status === "live" && before.status === "live" && key === room.lobbyKey) return;
      room.lobbyKey = key;
      void this.store.putSummary(model.matchId, summary).catch(log);
      this.fanout?.lobbyUpdated(summary);
    } else if (before.status === "waiting" || before.status === "live") {
      void this.store.putSummary(model.matchId, null).catch(log);
      this.fanout?.lobbyRemoved(model.matchId);
    }
  }
}
