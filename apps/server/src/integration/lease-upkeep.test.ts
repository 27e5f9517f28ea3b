import { type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { LocalCluster } from "../cluster/local.js";
import { MemoryStore } from "../store/memory/matches.js";
import { useServers } from "../test-support/servers.js";
import { startOthello } from "../test-support/play.js";

/** The one-process cluster, whose lease renewals answer only when told to, like a slow Redis under load. */
class SlowRenewals extends LocalCluster {
  /** The matches of each renewal asked for and not yet answered. */
  readonly inFlight: (readonly MatchId[])[] = [];
  private readonly held: (() => void)[] = [];

  override async renewLeases(matchIds: readonly MatchId[], owner: string, ttlMs: number, now: number) {
    this.inFlight.push(matchIds);
    await new Promise<void>((answer) => this.held.push(answer));
    return super.renewLeases(matchIds, owner, ttlMs, now);
  }

  answerAll(): void {
    for (const answer of this.held.splice(0)) answer();
  }
}

const arena = useServers();

describe("lease upkeep", () => {
  it("renews every owned lease at once, not one round trip after another", async () => {
    const store = new MemoryStore();
    const cluster = await SlowRenewals.open(store, store);
    const server = await arena.start({ store, cluster, clock: new FakeClock() });
    for (let i = 0; i < 4; i++) {
      const black = await arena.connect();
      const white = await arena.connect();
      await startOthello(black, white, { baseMs: 180_000, incrementMs: 2_000 });
    }
    const round = server.app.rooms.maintain();
    // One after another, the first renewal would hold up the other three for a whole round trip each.
    await expect.poll(() => cluster.inFlight.length).toBe(1);
    expect(cluster.inFlight[0]).toHaveLength(4);
    cluster.answerAll();
    await round;
    expect(cluster.inFlight).toHaveLength(1);
  });
});
