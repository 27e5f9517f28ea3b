import { randomBytes } from "node:crypto";
import { pino } from "pino";
import { PiscinaPool } from "./ai/pool.js";
import { createApp, DEFAULT_CONFIG, instanceName } from "./app.js";
import { systemClock } from "./clocks/scheduler.js";
import { readEnv } from "./env.js";
import { MemoryStore } from "./store/memory.js";
import { connectRedis } from "./store/redis.js";

const env = readEnv();
const logger = pino({ level: env.LOG_LEVEL });

let secret = env.SECRET;
if (secret === undefined) {
  secret = randomBytes(32).toString("base64url");
  logger.warn("SECRET is not set: using a random one, so guest tokens will not survive a restart");
}

const redis = env.REDIS_URL === undefined ? null : await connectRedis(env.REDIS_URL, logger);
const store = redis?.store ?? new MemoryStore({ keepFinished: env.KEEP_FINISHED });
const ai = new PiscinaPool({ maxThreads: env.AI_THREADS, maxQueue: env.AI_QUEUE });
const app = createApp({
  store,
  ai,
  clock: systemClock,
  logger,
  config: {
    ...DEFAULT_CONFIG,
    secret,
    corsOrigin: env.CORS_ORIGIN.split(",").map((origin) => origin.trim()),
    instanceId: instanceName(),
  },
  ...(redis === null ? {} : { adapter: (io) => redis.adapter(io) }),
});

await app.start();
app.http.listen(env.PORT, env.HOST, () => {
  logger.info({ port: env.PORT, host: env.HOST, redis: redis !== null }, "arena server listening");
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  await app.close(true);
  await ai.close();
  await redis?.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
