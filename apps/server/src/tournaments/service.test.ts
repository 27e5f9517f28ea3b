import { asUserId } from "@arena/protocol";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { LocalCluster } from "../cluster/local.js";
import { MemoryStore } from "../store/memory/matches.js";
import { MemoryTournamentStore } from "../store/memory/tournaments.js";
import { type Asker, Tournaments } from "./service.js";

function asker(id: string): Asker {
  return {
    user: { id: asUserId(id), name: id },
    account: true,
    bot: false,
    // A rating read that yields, as a store's does: every join is in flight before any is decided.
    rating: () => new Promise((resolve) => setImmediate(() => resolve(1500))),
  };
}

describe("Tournaments: joins", () => {
  it("fills exactly maxPlayers places when many join at once", async () => {
    const store = new MemoryTournamentStore();
    const matches = new MemoryStore();
    const tournaments = new Tournaments({
      store,
      cluster: await LocalCluster.open(matches, matches),
      owner: "test",
      leaseTtlMs: 10_000,
      listed: () => undefined,
      invite: () => undefined,
      clock: new FakeClock(),
      logger: pino({ level: "silent" }),
      roundGapMs: 5_000,
      ensureMatch: () => Promise.resolve(null),
      changed: () => undefined,
    });
    const created = await tournaments.create(asker("u_creator"), {
      gameId: "othello",
      format: "swiss",
      rounds: 3,
      timeControl: { baseMs: 60_000, incrementMs: 0 },
      rated: false,
      maxPlayers: 2,
      entrants: [],
      invitationOnly: false,
      invitees: [],
    });
    if (!created.ok) throw new Error(created.code);

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        tournaments.command(created.id, asker(`u_p${i}`), { type: "join" }),
      ),
    );

    expect(answers.filter((a) => a.ok)).toHaveLength(2);
    expect(answers.flatMap((a) => (a.ok ? [] : [a.code]))).toEqual(Array(6).fill("tournament-full"));
    expect((await tournaments.view(created.id))?.standings).toHaveLength(2);
    const stored = await store.load(created.id);
    expect(stored?.events.filter((e) => e.type === "joined")).toHaveLength(2);
    await tournaments.close();
  });
});
