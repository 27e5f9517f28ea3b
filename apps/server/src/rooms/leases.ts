import { type MatchId } from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { Upkeep } from "../clocks/upkeep.js";
import { type Cluster } from "../cluster/ports.js";
import { type MatchStore } from "../store/ports/matches.js";
import { type Room } from "./room.js";

/**
 * Lease commands in flight at once during upkeep (they pipeline on one Redis connection), and leases
 * renewed per command (the cluster renews many at once).
 */
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

export interface LeaseKeeperOptions {
  /** The live set: the matches to run (leases are the cluster's). */
  readonly store: Pick<MatchStore, "setLive" | "listLive">;
  readonly cluster: Cluster;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The rooms this process holds (a live match is loaded to be owned). */
  readonly rooms: {
    get(matchId: MatchId): Promise<Room | null>;
    cached(matchId: MatchId): Room | undefined;
    all(): Iterable<Room>;
  };
  /** This process's name in leases. */
  readonly owner: string;
  readonly leaseTtlMs: number;
  /** docs/clocks.md §7: the downtime credited to the side to move and to the others, at most. */
  readonly creditToMoveMs: number;
  readonly creditOthersMs: number;
  /** This process handed a match's lease back for `to`, the process its sockets are on: tell it to take it. */
  readonly offer: (matchId: MatchId, to: string) => void;
  /** This process took over a live match nobody ran, and its timers run here now. */
  readonly adopted: (room: Room) => void;
}

/**
 * The process to hand a room's lease to: one that has followers of the match while this one has none;
 * null when this process has followers, or nobody has.
 */
function followedOnlyElsewhere(room: Room): string | null {
  return room.presence.followedHere ? null : room.presence.followedElsewhere();
}

/**
 * This process's part in the cluster: it owns (leases) the live matches whose timers and AI it runs,
 * renews those leases, and takes over matches whose owner went away, crediting their clocks for the time
 * nobody ran them (docs/architecture.md, "Several processes").
 */
export class LeaseKeeper {
  private readonly upkeep: Upkeep;
  /** Matches this process is acquiring right now. */
  private readonly acquiring = new Set<MatchId>();

  constructor(private readonly options: LeaseKeeperOptions) {
    const { clock, leaseTtlMs, logger } = options;
    this.upkeep = new Upkeep(
      clock,
      leaseTtlMs / 3,
      () => this.maintainOnce(),
      (error) => logger.error({ err: error }, "lease upkeep failed"),
    );
  }

  /** One round of upkeep (renew ours, take over expired ones), then the next in ttl/3. Tests call it too. */
  maintain(): Promise<void> {
    return this.upkeep.run();
  }

  private async maintainOnce(): Promise<void> {
    const { store, clock, owner, leaseTtlMs, logger, rooms } = this.options;
    const now = clock.now();
    // Concurrently, in bounded batches: one after another, a process owning hundreds of games under load
    // took longer than a lease lives to renew them all, and the other process took over healthy games
    // (crediting 10+ s of "downtime" and refusing the moves in flight as stale).
    const owned: Room[] = [];
    const handed: [Room, string][] = [];
    for (const room of rooms.all()) {
      if (!room.owned) continue;
      const to = followedOnlyElsewhere(room);
      if (to === null) owned.push(room);
      else handed.push([room, to]);
    }
    await inBatches(handed, LEASE_BATCH, ([room, to]) => this.handOver(room, to, now));
    const lost = (room: Room) => {
      logger.warn({ matchId: room.matchId }, "lost a lease");
      room.releaseLease();
    };
    // One command per batch: the cluster renews many at once.
    const { cluster } = this.options;
    for (let start = 0; start < owned.length; start += LEASE_BATCH) {
      const batch = owned.slice(start, start + LEASE_BATCH);
      const renewed = await cluster.renewLeases(
        batch.map((room) => room.matchId),
        owner,
        leaseTtlMs,
        now,
      );
      batch.forEach((room, i) => {
        if (renewed[i] !== true) lost(room);
      });
    }
    // A match whose sockets are all on another process is left to that one (it holds the room too).
    let orphans = (await store.listLive()).filter((matchId) => {
      const room = rooms.cached(matchId);
      return room === undefined || (!room.owned && followedOnlyElsewhere(room) === null);
    });
    // With several processes most live matches are another's: one read of their holders instead of a
    // failed acquisition each.
    if (orphans.length > 0) {
      const holders = await cluster.leaseHolders(orphans);
      orphans = orphans.filter((_, i) => holders[i] === null || holders[i] === owner);
    }
    await inBatches(orphans, LEASE_BATCH, (matchId) => this.tryOwn(matchId, true));
  }

  /**
   * Match affinity (docs/architecture.md, "Several processes"): the owner's sockets are all gone while
   * another process has some, so the match's clocks and AI move there. The heartbeat is bumped before the
   * release, so the taker credits only the moments nobody ran the game, through the takeover path.
   */
  private async handOver(room: Room, to: string, now: number): Promise<void> {
    const { cluster, owner, leaseTtlMs, logger } = this.options;
    const matchId = room.matchId;
    room.releaseLease();
    try {
      const [renewed] = await cluster.renewLeases([matchId], owner, leaseTtlMs, now);
      if (renewed === true) await cluster.releaseLease(matchId, owner);
    } catch (error) {
      // The lease expires by itself, and is taken over then.
      this.logFailure(error, matchId);
      return;
    }
    logger.info({ matchId, to }, "handed a lease over to the process of its sockets");
    this.options.offer(matchId, to);
  }

  /** Another process handed this one a match whose sockets are here: take it over now. */
  claim(matchId: MatchId): void {
    void this.tryOwn(matchId, true).catch((error: unknown) => this.logFailure(error, matchId));
  }

  /** A match went live here: mark it live and run it. */
  started(matchId: MatchId): void {
    void this.options.store
      .setLive(matchId, true)
      .then(() => this.tryOwn(matchId, false))
      .catch((error: unknown) => this.logFailure(error, matchId));
  }

  /** A match ended: nobody needs to run it any more. */
  ended(room: Room): void {
    const { store, cluster, owner } = this.options;
    room.releaseLease();
    void store.setLive(room.matchId, false).catch((error: unknown) => this.logFailure(error, room.matchId));
    void cluster
      .releaseLease(room.matchId, owner)
      .catch((error: unknown) => this.logFailure(error, room.matchId));
  }

  private logFailure(error: unknown, matchId: MatchId): void {
    this.options.logger.error({ err: error, matchId }, "store update failed");
  }

  private async tryOwn(matchId: MatchId, takeover: boolean): Promise<void> {
    // The start of a match and the upkeep round both try to own it; if both ran, this process would
    // "take over" from itself (its own fresh heartbeat) and append a credit that makes moves in flight stale.
    if (this.acquiring.has(matchId)) return;
    this.acquiring.add(matchId);
    try {
      await this.own(matchId, takeover);
    } finally {
      this.acquiring.delete(matchId);
    }
  }

  private async own(matchId: MatchId, takeover: boolean): Promise<void> {
    const { store, cluster, clock, owner, leaseTtlMs, logger } = this.options;
    const now = clock.now();
    const grant = await cluster.acquireLease(matchId, owner, leaseTtlMs, now);
    if (!grant.acquired) return;
    const room = await this.options.rooms.get(matchId);
    // Already ours (the upkeep listed it just before this process finished acquiring it): a renewal.
    if (room === null || room.owned) return;
    if (room.model.status !== "live") {
      await store.setLive(matchId, false);
      await cluster.releaseLease(matchId, owner);
      return;
    }
    room.takeLease();
    if (takeover && grant.previousHeartbeat !== null) {
      // §7: credit the time nobody ran this game (capped), and say so in its event stream.
      const away = Math.max(0, now - grant.previousHeartbeat);
      logger.info({ matchId, away }, "took over a live match");
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
    await room.resume();
    if (takeover) this.options.adopted(room);
  }

  /** Stops the upkeep. Graceful: hand the leases back so another process takes over at once. */
  async stop(graceful: boolean, rooms: readonly Room[]): Promise<void> {
    this.upkeep.stop();
    if (!graceful) return;
    const { cluster, owner } = this.options;
    for (const room of rooms) if (room.owned) await cluster.releaseLease(room.matchId, owner);
  }
}
