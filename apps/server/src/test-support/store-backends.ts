import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { type RedisConnection } from "../store/redis/open.js";
import { SqliteStore } from "../store/sqlite/matches.js";
import { connectTestRedis, redisUrl } from "./redis.js";
import { skipWithout } from "./requires.js";

/** A store under a contract suite, and another process's store on the same data (one store where one process serves). */
export interface StorePair<S> {
  readonly store: S;
  readonly other: S;
  close(): Promise<void>;
}

/** How a port's three backends are built. */
export interface BackendMakers<S> {
  memory(): S;
  sqlite(connection: SqliteStore["connection"]): S;
  redis(commands: RedisConnection["commands"], prefix: string): S;
}

/**
 * Runs a port's contract suite over every backend: memory, SQLite on a fresh file, and Redis as two
 * processes on one prefix (docs/architecture.md, "Storage").
 */
export function overEveryBackend<S>(
  contract: (name: string, open: () => Promise<StorePair<S>>) => void,
  make: BackendMakers<S>,
): void {
  contract("memory", () => {
    const store = make.memory();
    return Promise.resolve({ store, other: store, close: () => Promise.resolve() });
  });
  contract("sqlite", async () => {
    const folder = mkdtempSync(join(tmpdir(), "arena-contract-"));
    const opened = await SqliteStore.open(join(folder, "arena.db"));
    if (!opened.ok) throw new Error(opened.problem.message);
    const store = make.sqlite(opened.value.connection);
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
        store: make.redis(one.commands, one.prefix),
        other: make.redis(two.commands, two.prefix),
        close: async () => {
          await one.close();
          await two.close();
        },
      };
    });
  });
}
