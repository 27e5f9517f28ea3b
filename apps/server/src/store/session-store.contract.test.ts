import { asUserId } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { overEveryBackend, type StorePair } from "../test-support/store-backends.js";
import { MemorySessionStore } from "./memory/sessions.js";
import { type SessionRecord, type SessionStore } from "./ports/sessions.js";
import { RedisSessionStore } from "./redis/sessions.js";
import { SqliteSessionStore } from "./sqlite/sessions.js";

const newUser = () => asUserId(`u_${randomId(8)}`);

const session = (
  userId: SessionRecord["userId"],
  at: number,
  device = "Firefox on Linux",
): SessionRecord => ({
  id: randomId(12),
  userId,
  createdAt: at,
  lastUsedAt: at,
  device,
  address: "192.0.2.7",
});

function contract(name: string, make: () => Promise<StorePair<SessionStore>>) {
  describe(`SessionStore contract: ${name}`, () => {
    let setup: StorePair<SessionStore>;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("keeps a session until it ends, on every process", async () => {
      const { store, other } = setup;
      const opened = session(newUser(), 1_000);
      expect(await store.get(opened.id)).toBeNull();
      await store.open(opened);
      expect(await other.get(opened.id)).toEqual(opened);
      expect(await other.end(opened.id)).toBe(true);
      expect(await store.get(opened.id)).toBeNull();
      expect(await store.end(opened.id)).toBe(false);
    });

    it("marks its use only forward in time", async () => {
      const { store, other } = setup;
      const opened = session(newUser(), 1_000);
      await store.open(opened);
      await other.touch(opened.id, 5_000);
      await store.touch(opened.id, 3_000);
      expect(await store.get(opened.id)).toMatchObject({ createdAt: 1_000, lastUsedAt: 5_000 });
      // An ended session is not brought back by a late use.
      await store.end(opened.id);
      await other.touch(opened.id, 9_000);
      expect(await other.get(opened.id)).toBeNull();
    });

    it("lists a user's sessions, the last used first, and ends all but one", async () => {
      const { store, other } = setup;
      const user = newUser();
      const [phone, laptop, office] = [
        session(user, 1_000, "Safari on iOS"),
        session(user, 2_000),
        session(user, 3_000, "Chrome on Windows"),
      ] as [SessionRecord, SessionRecord, SessionRecord];
      const stranger = session(newUser(), 4_000);
      for (const opened of [phone, laptop, office, stranger]) await store.open(opened);
      await store.touch(phone.id, 10_000);
      expect((await other.list(user)).map((s) => s.id)).toEqual([phone.id, office.id, laptop.id]);
      expect(await other.endAllBut(user, laptop.id)).toEqual([phone.id, office.id].sort());
      expect((await store.list(user)).map((s) => s.id)).toEqual([laptop.id]);
      expect(await store.get(stranger.id)).toEqual(stranger);
      expect(await store.endAllBut(user, null)).toEqual([laptop.id]);
      expect(await other.list(user)).toEqual([]);
    });
  });
}

overEveryBackend(contract, {
  memory: () => new MemorySessionStore(),
  sqlite: (connection) => new SqliteSessionStore(connection),
  redis: (commands, prefix) => new RedisSessionStore(commands, prefix),
});
