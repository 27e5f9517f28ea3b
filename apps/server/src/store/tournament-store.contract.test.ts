import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  asMillis,
  asUserId,
  type TournamentChatLine,
  type TournamentId,
  type TournamentSummary,
} from "@arena/protocol";
import { entrantId, type TournamentEvent } from "@arena/tournament";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { MemoryTournamentStore } from "./memory/tournaments.js";
import { type TournamentMeta, type TournamentStore } from "./ports/tournaments.js";
import { RedisTournamentStore } from "./redis/tournaments.js";
import { SqliteStore } from "./sqlite/matches.js";
import { SqliteTournamentStore } from "./sqlite/tournaments.js";

interface Setup {
  readonly store: TournamentStore;
  /** A second process's store on the same data (memory and SQLite: the same store). */
  readonly other: TournamentStore;
  close(): Promise<void>;
}

const newId = () => `t_${randomId(9).replace(/[^A-Za-z0-9]/g, "x")}` as TournamentId;

function meta(id: TournamentId, startsAt: number | null = null): TournamentMeta {
  return {
    id,
    name: `Cup ${id}`,
    createdBy: { id: asUserId("u_creator"), name: "creator" },
    rated: false,
    maxPlayers: 8,
    startsAt,
    aiEntrants: [{ id: "ai-1", level: 2 }],
  };
}

const created: TournamentEvent = {
  type: "created",
  at: 1,
  settings: { gameId: "othello", format: "round-robin", timeControl: { baseMs: 60_000, incrementMs: 0 } },
};
const joined = (n: number): TournamentEvent => ({
  type: "joined",
  at: 2 + n,
  entrant: entrantId(`ai-${n}`),
  name: `AI level ${n}`,
  kind: "ai",
  rating: 1500,
});

function summary(
  id: TournamentId,
  status: TournamentSummary["status"],
  fields: Partial<TournamentSummary> = {},
): TournamentSummary {
  return {
    id,
    name: `Cup ${id}`,
    gameId: "othello",
    format: "round-robin",
    status,
    timeControl: { baseMs: 60_000, incrementMs: 0 },
    players: 0,
    maxPlayers: 8,
    invitationOnly: false,
    createdBy: "creator",
    startsAt: null,
    startedAt: null,
    ...fields,
  };
}

function contract(name: string, make: () => Promise<Setup>) {
  describe(`TournamentStore contract: ${name}`, () => {
    let setup: Setup;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("creates a tournament once and loads its meta and log in order", async () => {
      const { store, other } = setup;
      const id = newId();
      expect(await store.create(meta(id), [created, joined(1)], summary(id, "waiting"))).toEqual({
        ok: true,
        version: 2,
      });
      expect(await other.create(meta(id), [created], summary(id, "waiting"))).toEqual({
        ok: false,
        reason: "conflict",
        version: 2,
      });
      expect(await other.load(id)).toEqual({ meta: meta(id), events: [created, joined(1)] });
      expect(await store.load(newId())).toBeNull();
    });

    it("appends only at the expected version: of two writers at one version, one wins", async () => {
      const { store, other } = setup;
      const id = newId();
      await store.create(meta(id), [created], summary(id, "waiting"));
      expect(await store.append(id, 1, [joined(1)], summary(id, "waiting", { players: 1 }))).toEqual({
        ok: true,
        version: 2,
      });
      expect(await other.append(id, 1, [joined(2)], summary(id, "waiting", { players: 1 }))).toEqual({
        ok: false,
        reason: "conflict",
        version: 2,
      });
      expect(
        await other.append(id, 2, [joined(2), joined(3)], summary(id, "waiting", { players: 3 })),
      ).toEqual({
        ok: true,
        version: 4,
      });
      expect((await store.load(id))?.events).toEqual([created, joined(1), joined(2), joined(3)]);
      expect(await store.append(newId(), 0, [created], summary(id, "waiting"))).toMatchObject({ ok: false });
    });

    it("lists the unfinished (resumed at boot) until their summary says finished", async () => {
      const { store, other } = setup;
      const id = newId();
      await store.create(meta(id, 5), [created], summary(id, "waiting"));
      expect((await other.unfinished()).map((m) => m.id)).toContain(id);
      expect((await other.unfinished()).find((m) => m.id === id)).toEqual(meta(id, 5));
      await store.append(id, 1, [{ type: "finished", at: 9 }], summary(id, "finished"));
      expect((await other.unfinished()).map((m) => m.id)).not.toContain(id);
    });

    it("lists the lobby: running, then waiting soonest first, then the latest finished", async () => {
      const { store, other } = setup;
      const [running, soon, later, old, recent] = [newId(), newId(), newId(), newId(), newId()];
      await store.create(meta(later), [created], summary(later, "waiting", { startsAt: 9_000_000_000_000 }));
      await store.create(meta(soon), [created], summary(soon, "waiting", { startsAt: 8_000_000_000_000 }));
      await store.create(meta(running), [created], summary(running, "waiting"));
      await store.append(running, 1, [joined(1)], summary(running, "running", { startedAt: 1, players: 1 }));
      for (const id of [old, recent]) {
        await store.create(meta(id), [created], summary(id, "waiting"));
        await store.append(id, 1, [{ type: "finished", at: 3 }], summary(id, "finished"));
      }
      const listed = (await other.list(2)).map((s) => s.id);
      const mine = listed.filter((id) => [running, soon, later, old, recent].includes(id));
      expect(mine).toEqual([running, soon, later, recent, old]);
      expect((await other.list(2)).find((s) => s.id === running)).toEqual(
        summary(running, "running", { startedAt: 1, players: 1 }),
      );
      expect((await other.list(1)).filter((s) => s.status === "finished").map((s) => s.id)).toEqual([recent]);
    });

    it("keeps a tournament's newest chat lines, oldest first, apart from other tournaments'", async () => {
      const { store, other } = setup;
      const [id, elsewhere] = [newId(), newId()];
      const line = (n: number): TournamentChatLine => ({
        id: `l${n}`,
        author: { id: asUserId("u_ada"), name: "Ada", account: true, bot: false },
        text: `line ${n}`,
        at: asMillis(n),
      });
      expect(await other.readChat(id)).toEqual([]);
      for (const n of [1, 2, 3, 4]) await store.appendChat(id, line(n), 3);
      await store.appendChat(elsewhere, line(9), 3);
      expect(await other.readChat(id)).toEqual([line(2), line(3), line(4)]);
      expect(await other.readChat(elsewhere)).toEqual([line(9)]);
    });
  });
}

contract("memory", () => {
  const store = new MemoryTournamentStore();
  return Promise.resolve({ store, other: store, close: () => Promise.resolve() });
});

contract("sqlite", async () => {
  const folder = mkdtempSync(join(tmpdir(), "arena-tournaments-"));
  const opened = await SqliteStore.open(join(folder, "arena.db"));
  if (!opened.ok) throw new Error(opened.problem.message);
  const store = new SqliteTournamentStore(opened.value.connection);
  return {
    store,
    other: store,
    close: async () => {
      await opened.value.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("redis", () => {
  contract("redis, two processes", async () => {
    const one = await connectTestRedis();
    const two = await connectTestRedis(one.prefix);
    return {
      store: new RedisTournamentStore(one.commands, one.prefix),
      other: new RedisTournamentStore(two.commands, two.prefix),
      close: async () => {
        await one.close();
        await two.close();
      },
    };
  });
});
