import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { MemoryEmailSettingsStore } from "./memory/email-settings.js";
import { type EmailSettingsStore } from "./ports/email-settings.js";
import { RedisEmailSettingsStore } from "./redis/email-settings.js";
import { SqliteEmailSettingsStore } from "./sqlite/email-settings.js";
import { SqliteStore } from "./sqlite/matches.js";

interface Setup {
  readonly store: EmailSettingsStore;
  /** A second process's store (memory and SQLite serve one process: the same store). */
  readonly other: EmailSettingsStore;
  close(): Promise<void>;
}

const NOW = 1_700_000_000_000;
const DAY = 86_400_000;

function contract(name: string, make: () => Promise<Setup>) {
  describe(`EmailSettingsStore contract: ${name}`, () => {
    let setup: Setup;
    let n = 0;
    const id = (what: string) => `${what}-${name}-${n++}`;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("keeps an account's settings and replaces them", async () => {
      const { store, other } = setup;
      const user = id("u");
      expect(await store.get(user)).toBeNull();
      const settings = {
        address: "a@example.org",
        verified: false,
        language: "ru",
        kinds: { "your-turn": false },
      };
      await store.put(user, settings);
      expect(await other.get(user)).toEqual(settings);
      await other.put(user, { ...settings, verified: true });
      expect((await store.get(user))?.verified).toBe(true);
    });

    it("hands a verification token out once, and never after it expires", async () => {
      const { store, other } = setup;
      const token = { userId: id("u"), address: "a@example.org", expiresAt: NOW + DAY };
      const hash = id("h");
      await store.saveToken(hash, token);
      expect(await other.takeToken(hash, NOW)).toEqual(token);
      expect(await store.takeToken(hash, NOW)).toBeNull();
      const late = id("h");
      await store.saveToken(late, token);
      expect(await other.takeToken(late, NOW + DAY)).toBeNull();
      expect(await store.takeToken(id("never"), NOW)).toBeNull();
    });
  });
}

contract("memory", () => {
  const store = new MemoryEmailSettingsStore();
  return Promise.resolve({ store, other: store, close: () => Promise.resolve() });
});

contract("sqlite", async () => {
  const folder = mkdtempSync(join(tmpdir(), "arena-email-"));
  const opened = await SqliteStore.open(join(folder, "arena.db"));
  if (!opened.ok) throw new Error(opened.problem.message);
  const db = opened.value;
  const store = new SqliteEmailSettingsStore(db.connection);
  return {
    store,
    other: store,
    close: async () => {
      await db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("redis", () => {
  contract("redis, two processes", async () => {
    const one = await connectTestRedis();
    const two = await connectTestRedis(one.prefix);
    return {
      store: new RedisEmailSettingsStore(one.commands, one.prefix),
      other: new RedisEmailSettingsStore(two.commands, two.prefix),
      close: async () => {
        await one.close();
        await two.close();
      },
    };
  });
});
