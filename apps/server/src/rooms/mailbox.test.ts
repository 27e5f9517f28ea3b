import { asMillis, asVersion, type ClockState, type MatchEvent, type UserRef } from "@arena/protocol";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { InlinePool } from "../ai/pool.js";
import { DEFAULT_QUOTAS } from "../quotas/limits.js";
import { MemoryQuotaStore } from "../store/memory/quotas.js";
import { Quotas } from "../quotas/quotas.js";
import { FakeClock } from "../clocks/scheduler.js";
import { MemoryStore } from "../store/memory/matches.js";
import { LocalCluster } from "../cluster/local.js";
import { type AppendListener } from "../store/ports/matches.js";
import { History } from "./history.js";
import { Mailbox } from "./mailbox.js";
import { MyGames } from "./my-games.js";
import { Rooms } from "./rooms.js";

describe("Mailbox", () => {
  it("runs tasks one at a time in arrival order, whatever their duration", async () => {
    const mailbox = new Mailbox();
    const log: string[] = [];
    const delays = [30, 0, 10, 0, 20];
    const results = await Promise.all(
      delays.map((ms, i) =>
        mailbox.post(async () => {
          log.push(`start ${i}`);
          await new Promise((resolve) => setTimeout(resolve, ms));
          log.push(`end ${i}`);
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4]);
    expect(log).toEqual(delays.flatMap((_, i) => [`start ${i}`, `end ${i}`]));
    expect(mailbox.pending).toBe(0);
  });

  it("keeps going after a failing task", async () => {
    const mailbox = new Mailbox();
    const failed = mailbox.post(() => Promise.reject(new Error("boom")));
    const next = mailbox.post(() => "still running");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("still running");
  });
});

describe("History", () => {
  const entry = (version: number) => ({
    version: asVersion(version),
    at: asMillis(0),
    event: { type: "seat-left" as const, seat: 0 },
  });

  it("returns the events after a version, or null for a gap older than its window", () => {
    const history = new History(3);
    for (let v = 1; v <= 5; v++) history.push(entry(v));
    // it keeps at least its capacity, and trims in batches: all five are still there
    expect(history.since(5)).toEqual([]);
    expect(history.since(3)?.map((e) => e.version)).toEqual([4, 5]);
    expect(history.since(0)?.map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
    history.push(entry(6));
    expect(history.since(3)?.map((e) => e.version)).toEqual([4, 5, 6]);
    expect(history.since(2)).toBeNull();
    expect(history.since(0)).toBeNull();
  });
});

/** The memory store, counting reads: a room that reads the store on every move would show here. */
class CountingStore extends MemoryStore {
  reads = 0;
  /** Announce appends as a process of an earlier release did: the version only, no entries. */
  versionOnly = false;
  override onAppend(listener: AppendListener): () => void {
    return super.onAppend((matchId, version, entries) =>
      listener(matchId, version, this.versionOnly ? null : entries),
    );
  }
  override read(...args: Parameters<MemoryStore["read"]>): ReturnType<MemoryStore["read"]> {
    this.reads++;
    return super.read(...args);
  }
}

/** White's reply d6 after f5, with the clock as the room left it (not charged: a test of catching up). */
function bobMove(clock: ClockState | null): MatchEvent {
  if (clock === null) throw new Error("no clock");
  return { type: "moved", seat: 1, move: "d6", forced: false, clock: { ...clock, running: 0 } };
}

describe("Room mailbox with versions", () => {
  async function setup() {
    const told: number[] = [];
    const clock = new FakeClock();
    const store = new CountingStore();
    const logger = pino({ level: "silent" });
    const quotaStore = new MemoryQuotaStore();
    const quotas = new Quotas({
      store: quotaStore,
      limits: DEFAULT_QUOTAS,
      clock,
      logger,
      stillHeld: () => Promise.resolve(true),
    });
    const myGames = new MyGames({
      store: quotaStore,
      load: () => Promise.resolve(null),
      now: () => clock.now(),
      logger,
      news: { game: () => undefined, rematch: () => undefined },
    });
    const manager = new Rooms({
      store,
      cluster: new LocalCluster(store, { lastAlive: null, live: [] }),
      clock,
      ai: new InlinePool(),
      logger,
      fanout: {
        appended: (_, entry) => told.push(entry.version),
        presence: () => undefined,
        lobbyEntry: () => undefined,
        presenceReports: () => undefined,
        presenceWanted: () => undefined,
        evicted: () => undefined,
        reseated: () => undefined,
        leaseOffered: () => undefined,
        chatLine: () => undefined,
        myGames: { game: () => undefined, rematch: () => undefined },
      },
      owner: "test",
      leaseTtlMs: 10_000,
      goneScale: 1,
      creditToMoveMs: 20_000,
      creditOthersMs: 10_000,
      finishedRoomsKept: 500,
      quotas,
      myGames,
      online: () => Promise.resolve([]),
    });
    await manager.start();
    const ada = { id: "u_ada", name: "Ada" } as UserRef;
    const bob = { id: "u_bob", name: "Bob" } as UserRef;
    const created = await manager.create(ada, null, {
      gameId: "othello",
      timeControl: { baseMs: 60_000, incrementMs: 0 },
      seats: [{ kind: "open" }, { kind: "open" }],
      rated: false,
      visibility: "public",
      sit: 0,
    });
    if (!created.ok) throw new Error(created.code);
    const room = await manager.get(created.matchId);
    if (room === null) throw new Error("no room");
    const joined = await room.submit(
      { kind: "user", user: bob, inviteOk: false },
      { type: "join", seat: 1 },
      created.version,
    );
    if (!joined.ok) throw new Error(joined.code);
    return { manager, room, ada, bob, store, told };
  }

  it("applies the first of two commands based on one version and refuses the other as stale", async () => {
    const { manager, room, ada } = await setup();
    const version = room.model.version;
    const actor = { kind: "user" as const, user: ada, inviteOk: false };
    const [first, second] = await Promise.all([
      room.submit(actor, { type: "move", move: "f5" }, version),
      room.submit(actor, { type: "move", move: "d6" }, version),
    ]);
    expect(first).toEqual({ ok: true, version: version + 1 });
    expect(second).toMatchObject({ ok: false, code: "stale-version" });
    expect(room.model.moves.toArray().map((m) => m.move)).toEqual(["f5"]);
    await manager.stop(true);
  });

  it("does not read back its own moves, and applies another writer's from the news of its append", async () => {
    const { manager, room, ada, store, told } = await setup();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    store.reads = 0;
    const ack = await room.submit(
      { kind: "user", user: ada, inviteOk: false },
      { type: "move", move: "f5" },
      room.model.version,
    );
    expect(ack.ok).toBe(true);
    await settle();
    expect(store.reads).toBe(0);

    // Another process (here: a write straight to the store) appends the next move: the room follows, and
    // tells this process's followers, without reading the log.
    const version = room.model.version;
    const written = await store.append(room.matchId, version, [
      {
        version: asVersion(version + 1),
        at: asMillis(Date.now()),
        event: bobMove(room.model.clock),
      },
    ]);
    expect(written.ok).toBe(true);
    await settle();
    expect(store.reads).toBe(0);
    expect(room.model.version).toBe(version + 1);
    expect(room.model.moves.toArray().map((m) => m.move)).toEqual(["f5", "d6"]);
    expect(told.slice(-2)).toEqual([version, version + 1]);

    // News without the entries: the room reads the log, and tells its followers all the same.
    store.versionOnly = true;
    const offered = await store.append(room.matchId, version + 1, [
      { version: asVersion(version + 2), at: asMillis(Date.now()), event: { type: "draw-offered", seat: 0 } },
    ]);
    expect(offered.ok).toBe(true);
    await settle();
    expect(store.reads).toBe(1);
    expect(room.model.version).toBe(version + 2);
    expect(told.at(-1)).toBe(version + 2);
    await manager.stop(true);
  });

  it("keeps arrival order: a command based on the version its predecessor produced succeeds", async () => {
    const { manager, room, ada, bob } = await setup();
    const version = room.model.version;
    const [black, white] = await Promise.all([
      room.submit({ kind: "user", user: ada, inviteOk: false }, { type: "move", move: "f5" }, version),
      room.submit({ kind: "user", user: bob, inviteOk: false }, { type: "move", move: "d6" }, version + 1),
    ]);
    expect(black.ok && white.ok).toBe(true);
    expect(room.model.moves.toArray().map((m) => m.move)).toEqual(["f5", "d6"]);
    await manager.stop(true);
  });
});
