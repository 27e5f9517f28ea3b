import { type TournamentId } from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { Upkeep } from "../clocks/upkeep.js";
import { type Cluster } from "../cluster/ports.js";
import { type TournamentDirector } from "./director.js";

export interface LeadershipDeps {
  readonly cluster: Cluster;
  readonly clock: Clock;
  readonly logger: Logger;
  /** This process's name in leases. */
  readonly owner: string;
  readonly leaseTtlMs: number;
  /** The unfinished tournaments in the store. */
  unfinished(): Promise<readonly TournamentId[]>;
  /** The tournament's director here, loaded if it was not. */
  director(id: TournamentId): Promise<TournamentDirector | null>;
}

/**
 * Which process directs each unfinished tournament (docs/tournaments.md, "Several processes"): the holder
 * of its lease times its steps; every other process keeps a copy that catches up on the appends it hears
 * of (and before deciding a command), and takes the lease once its holder stops renewing it. Each round
 * renews the leases held and takes the free ones.
 */
export class TournamentLeadership {
  private readonly held = new Set<TournamentId>();
  private readonly upkeep: Upkeep;

  constructor(private readonly deps: LeadershipDeps) {
    this.upkeep = new Upkeep(
      deps.clock,
      deps.leaseTtlMs / 3,
      () => this.maintainOnce(),
      (error) => deps.logger.error({ err: error }, "tournament lease upkeep failed"),
    );
  }

  /** Leads the tournament if its lease is free (or already this process's); follows it otherwise. */
  async claim(director: TournamentDirector): Promise<void> {
    const { cluster, owner, leaseTtlMs, clock } = this.deps;
    const grant = await cluster.acquireLease(director.id, owner, leaseTtlMs, clock.now());
    if (!grant.acquired) return;
    this.held.add(director.id);
    await director.resume();
  }

  /** One round of upkeep (renew, hand back the finished, take the free), then the next in ttl/3. */
  maintain(): Promise<void> {
    return this.upkeep.run();
  }

  /** Stops the upkeep; `release`: hands every lease back, so another process leads at once. */
  async stop(release: boolean): Promise<void> {
    this.upkeep.stop();
    const { cluster, owner } = this.deps;
    if (!release) return;
    await Promise.all([...this.held].map((id) => cluster.releaseLease(id, owner).catch(() => undefined)));
    this.held.clear();
  }

  private async maintainOnce(): Promise<void> {
    const { cluster, owner, leaseTtlMs, clock } = this.deps;
    const ids = await this.deps.unfinished();
    const open = new Set(ids);
    for (const id of this.held) {
      if (open.has(id)) continue;
      this.held.delete(id);
      await cluster.releaseLease(id, owner);
    }
    const mine = [...this.held];
    const renewed = mine.length === 0 ? [] : await cluster.renewLeases(mine, owner, leaseTtlMs, clock.now());
    for (const [i, id] of mine.entries()) {
      if (renewed[i] === true) continue;
      this.held.delete(id);
      (await this.deps.director(id))?.follow();
    }
    const others = ids.filter((id) => !this.held.has(id));
    if (others.length === 0) return;
    const holders = await cluster.leaseHolders(others);
    for (const [i, id] of others.entries()) {
      if (holders[i] !== null) continue;
      // Loading a director claims a free lease; one loaded before is claimed here.
      const director = await this.deps.director(id);
      if (director !== null && !director.isLeading) await this.claim(director);
    }
  }
}
