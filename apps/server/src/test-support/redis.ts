import { inject } from "vitest";
import { pino } from "pino";
import { connectRedis, type RedisConnection } from "../store/redis/open.js";
import { randomId } from "../identity/tokens.js";

/** The Redis URL from the global setup (or REDIS_URL), null when no redis-server exists. */
export const redisUrl: string | null = inject("redisUrl");

/** A connection with its own key prefix, so suites sharing one redis-server never see each other. */
export function connectTestRedis(prefix = `test-${randomId(6)}:`): Promise<RedisConnection> {
  if (redisUrl === null) throw new Error("no redis");
  return connectRedis(redisUrl, pino({ level: "silent" }), prefix);
}
