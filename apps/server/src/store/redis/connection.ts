import { type Logger } from "pino";
import { createClient } from "redis";

/** How long any store command may take before the caller is told the store is unavailable. */
export const COMMAND_TIMEOUT_MS = 2_000;

export const makeClient = (url: string, failFast = false) =>
  createClient({
    url,
    // While Redis is down, the command client fails at once (the room answers `store-unavailable`)
    // instead of queueing commands until it returns; pub/sub clients keep their offline queue.
    disableOfflineQueue: failFast,
    // node-redis 6 arms an AbortSignal.timeout (a timer and a DOMException) for every command by default,
    // which cost ~7% of a process's CPU under load; store commands are bounded by `timed` below instead.
    commandOptions: { timeout: 0 },
    socket: {
      connectTimeout: 2_000,
      // Reconnect forever, backing off to one attempt a second.
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1_000),
    },
  });
type Client = ReturnType<typeof makeClient>;
/** A node-redis client as the store makes it (every Redis port shares the command connection). */
export type RedisClient = Client;

/** Rejects after `ms` so a Redis that accepts connections but does not answer cannot hang a room's mailbox. */
export function timed<T>(promise: Promise<T>, ms = COMMAND_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`redis command timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The adapter's publisher, whose `publish` never rejects unhandled: the adapter fires its answers to other
 * processes and forgets them, so one that fails (the connection closing under an answer still being
 * built) is logged here instead of surfacing as an unhandled rejection.
 */
export function quietPublisher(pub: RedisClient, logger: Logger): RedisClient {
  return new Proxy(pub, {
    get(target, property) {
      if (property !== "publish") {
        // Bound to the client itself: its methods use private state a proxy as `this` would not reach.
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return (...args: Parameters<RedisClient["publish"]>) =>
        target.publish(...args).catch((error: unknown) => {
          logger.warn({ err: error }, "redis adapter publish failed");
          return 0;
        });
    },
  });
}
