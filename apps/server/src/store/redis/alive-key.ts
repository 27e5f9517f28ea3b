import { type RedisClient, timed } from "./connection.js";

/** How long a process counts as alive after its last heartbeat; it renews every third of that. */
export const ALIVE_TTL_MS = 15_000;

/**
 * A Redis key that says one process is alive: renewed every third of its time to live while the process
 * runs, so it lapses within that time of the process dying. What the process holds in shared structures
 * (quota connection counts, seeks) counts only while its key exists; Lua scripts check it by name.
 */
export class AliveKey {
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private readonly client: RedisClient,
    /** The key's full name. */
    readonly key: string,
    readonly ttlMs = ALIVE_TTL_MS,
  ) {
    this.heartbeat = setInterval(() => {
      void this.beat().catch(() => undefined);
    }, ttlMs / 3);
    this.heartbeat.unref();
  }

  private beat(): Promise<unknown> {
    return timed(this.client.set(this.key, "1", { expiration: { type: "PX", value: this.ttlMs } }));
  }

  /** The process stops: what it holds stops counting now, not a time to live later. */
  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await timed(this.client.del(this.key)).catch(() => undefined);
  }
}
