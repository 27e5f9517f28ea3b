import { type Logger, pino } from "pino";
import { type RedisClientType, createClient } from "redis";
import { describe, expect, it } from "vitest";
import { redisUrl } from "../../test-support/redis.js";
import { skipWithout } from "../../test-support/requires.js";
import { quietPublisher } from "./connection.js";

/** A logger whose warnings are kept, to see what the publisher reported. */
function warnings(): { logger: Logger; seen: string[] } {
  const seen: string[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => void seen.push(line) });
  return { logger, seen };
}

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("the socket.io adapter's publisher", () => {
  it("publishes as the client does while the connection is open", async () => {
    const client: RedisClientType = createClient({ url: redisUrl ?? "" });
    await client.connect();
    try {
      const { logger, seen } = warnings();
      const quiet = quietPublisher(client, logger);
      expect(await quiet.publish("adapter-test", "hello")).toBe(0);
      expect(typeof quiet.pSubscribe).toBe("function");
      expect(seen).toEqual([]);
    } finally {
      await client.quit();
    }
  });

  it("logs a publish after the connection quit instead of rejecting it", async () => {
    const client: RedisClientType = createClient({ url: redisUrl ?? "" });
    await client.connect();
    await client.quit();
    const { logger, seen } = warnings();
    await expect(client.publish("adapter-test", "late")).rejects.toThrow(/closed/);
    await expect(quietPublisher(client, logger).publish("adapter-test", "late")).resolves.toBe(0);
    expect(seen.join("")).toContain("redis adapter publish failed");
  });
});
