// Sessions opened before sessions had a last use, a device and an address keep working after an upgrade:
// their tokens are still someone's, and they show in their owner's list, counted as used at the upgrade.
import { asUserId } from "@arena/protocol";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { RedisSessionStore } from "./redis/sessions.js";
import { MIGRATIONS, migrate } from "./sqlite/schema.js";
import { SqliteSessionStore } from "./sqlite/sessions.js";

describe("sessions from before the upgrade", () => {
  it("SQLite: a player_sessions row of the old schema reads as a session used at the upgrade", () => {
    const db = new Database(":memory:");
    const step = MIGRATIONS.findIndex((m) => m.description.startsWith("sessions:"));
    expect(step).toBeGreaterThan(0);
    migrate(db, MIGRATIONS.slice(0, step));
    const user = asUserId(`u_${randomId(6)}`);
    db.prepare(`INSERT INTO player_sessions (session_id, user_id, created_at) VALUES (?, ?, ?)`).run(
      "old-session",
      user,
      1_000,
    );
    const before = Date.now();
    migrate(db);
    const sessions = new SqliteSessionStore(db);
    return (async () => {
      const upgraded = await sessions.get("old-session");
      expect(upgraded).toMatchObject({ id: "old-session", userId: user, createdAt: 1_000, device: "" });
      expect(upgraded?.address).toBeNull();
      // Used at the upgrade, not at its login: idle expiry does not end every old session at once.
      expect(upgraded?.lastUsedAt).toBeGreaterThanOrEqual(before - 1_000);
      expect(upgraded?.lastUsedAt).toBeLessThanOrEqual(Date.now() + 1_000);
      expect(await sessions.list(user)).toEqual([upgraded]);
      db.close();
    })();
  });

  it.skipIf(skipWithout(redisUrl === null, "redis-server"))(
    "Redis: a legacy p:sess:<id> key is read, moved to the new layout and listed",
    async () => {
      const redis = await connectTestRedis();
      try {
        const user = asUserId(`u_${randomId(6)}`);
        await redis.commands.set(`${redis.prefix}p:sess:old-session`, user);
        const sessions = new RedisSessionStore(redis.commands, redis.prefix);
        const before = Date.now();
        const moved = await sessions.get("old-session");
        expect(moved).toMatchObject({ id: "old-session", userId: user });
        // Counted as opened and used at the move, so that expiry does not end it at once.
        expect(moved?.lastUsedAt).toBeGreaterThanOrEqual(before - 1_000);
        expect(await redis.commands.get(`${redis.prefix}p:sess:old-session`)).toBeNull();
        expect((await sessions.list(user)).map((s) => s.id)).toEqual(["old-session"]);
        expect(await sessions.end("old-session")).toBe(true);
        expect(await sessions.get("old-session")).toBeNull();
      } finally {
        await redis.close();
      }
    },
  );
});
