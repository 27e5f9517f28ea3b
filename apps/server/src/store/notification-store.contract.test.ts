import { asMatchId, type Notification } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { MemoryNotificationStore } from "./memory/notifications.js";
import { type NotificationStore } from "./ports/notifications.js";
import { RedisNotificationStore } from "./redis/notifications.js";
import { SqliteNotificationStore } from "./sqlite/notifications.js";
import { overEveryBackend } from "../test-support/store-backends.js";

interface Setup {
  readonly store: NotificationStore;
  /** Another process's store on the same data (memory and SQLite serve one process: the same store). */
  readonly other: NotificationStore;
  close(): Promise<void>;
}

const user = () => `u_${randomId(8)}`;

function note(id: string, createdAt: number, fields: Partial<Notification> = {}): Notification {
  return { id, kind: "your-turn", matchId: asMatchId("m_abcdef"), createdAt, read: false, ...fields };
}

function contract(name: string, make: () => Promise<Setup>) {
  describe(`NotificationStore contract: ${name}`, () => {
    let setup: Setup;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("lists newest first, up to the limit, and an unknown user's inbox is empty", async () => {
      const { store, other } = setup;
      const u = user();
      await store.add(u, note("a", 1000), 200);
      await other.add(
        u,
        note("c", 3000, { kind: "game-over", from: { id: "u_x" as never, name: "X" } }),
        200,
      );
      await store.add(u, note("b", 2000), 200);
      expect((await other.list(u, 50)).map((n) => n.id)).toEqual(["c", "b", "a"]);
      expect(await store.list(u, 2)).toEqual([
        note("c", 3000, { kind: "game-over", from: { id: "u_x" as never, name: "X" } }),
        note("b", 2000),
      ]);
      expect(await store.list(user(), 50)).toEqual([]);
      expect(await store.unread(user())).toBe(0);
    });

    it("keeps one notification per id, however many processes add it", async () => {
      const { store, other } = setup;
      const u = user();
      expect(await store.add(u, note("your-turn:m:3", 1000), 200)).toBe(true);
      expect(await other.add(u, note("your-turn:m:3", 1500), 200)).toBe(false);
      await store.markRead(u, null);
      expect(await other.add(u, note("your-turn:m:3", 1000), 200)).toBe(false);
      expect(await store.list(u, 50)).toEqual([note("your-turn:m:3", 1000, { read: true })]);
    });

    it("keeps the newest ones, dropping the oldest", async () => {
      const { store, other } = setup;
      const u = user();
      for (let i = 0; i < 7; i++) await (i % 2 === 0 ? store : other).add(u, note(`n${i}`, 1000 + i), 5);
      expect((await store.list(u, 50)).map((n) => n.id)).toEqual(["n6", "n5", "n4", "n3", "n2"]);
      expect(await other.unread(u)).toBe(5);
    });

    it("marks some or all read, and counts the unread", async () => {
      const { store, other } = setup;
      const u = user();
      for (const [i, id] of ["a", "b", "c"].entries()) await store.add(u, note(id, 1000 + i), 200);
      expect(await other.unread(u)).toBe(3);
      await other.markRead(u, ["a", "missing"]);
      await other.markRead(u, []);
      expect(await store.unread(u)).toBe(2);
      expect((await store.list(u, 50)).map((n) => [n.id, n.read])).toEqual([
        ["c", false],
        ["b", false],
        ["a", true],
      ]);
      await store.markRead(u, null);
      expect(await other.unread(u)).toBe(0);
      await store.add(u, note("d", 5000), 200);
      expect(await other.unread(u)).toBe(1);
    });

    it("deletes one user's whole inbox for every process, and only theirs", async () => {
      const { store, other } = setup;
      const [u, v] = [user(), user()];
      await store.add(u, note("a", 1000), 200);
      await store.add(u, note("b", 1001), 200);
      await store.markRead(u, ["a"]);
      await store.add(v, note("a", 1000), 200);
      await other.clear(u);
      expect(await store.list(u, 50)).toEqual([]);
      expect(await store.unread(u)).toBe(0);
      expect((await other.list(v, 50)).map((n) => n.id)).toEqual(["a"]);
      // A notification added after is a new inbox's first.
      expect(await store.add(u, note("a", 2000), 200)).toBe(true);
      expect(await other.unread(u)).toBe(1);
    });
  });
}

overEveryBackend(contract, {
  memory: () => new MemoryNotificationStore(),
  sqlite: (connection) => new SqliteNotificationStore(connection),
  redis: (commands, prefix) => new RedisNotificationStore(commands, prefix),
});
