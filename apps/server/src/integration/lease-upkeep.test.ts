import { type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { MemoryStore } from "../store/memory/matches.js";
import { useServers } from "../test-support/servers.js";
import { startOthello } from "../test-support/play.js";

/** A store whose lease renewals answer only when told to, like a slow Redis under load. */
class SlowRenewals extends MemoryStore {
  inFlight = 0;
  maxInFlight = 0;
  private readonly held: (() => void)[] = [];

  override async renewLease(matchId: MatchId, owner: string, ttlMs: number, now: number): Promise<boolean> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise<void>((answer) => this.held.push(answer));
    this.inFlight--;
    return super.renewLease(matchId, owner, ttlMs, now);
  }

  answerAll(): void {
    for (const answer of this.held.splice(0)) answer();
  }
}

const arena = useServers();

describe("lease upkeep", () => {
  it("renews every owned lease at once, not one round trip after another", async () => {
    const store = new SlowRenewals();
    const server = await arena.start({ store, clock: new FakeClock() });
    for (let i = 0; i < 4; i++) {
      const black = await arena.connect();
      const white = await arena.connect();
      await startOthello(black, white, { baseMs: 180_000, incrementMs: 2_000 });
    }
    const round = server.app.rooms.maintain();
    // One after another, the first renewal would hold up the other three for a whole round trip each.
    await expect.poll(() => store.inFlight).toBe(4);
    store.answerAll();
    await round;
    expect(store.maxInFlight).toBe(4);
  });
});
