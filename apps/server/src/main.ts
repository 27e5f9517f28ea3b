import { randomBytes } from "node:crypto";
import { pino } from "pino";
import { PiscinaPool } from "./ai/pool.js";
import { createApp, DEFAULT_CONFIG, instanceName } from "./app.js";
import { systemClock } from "./clocks/scheduler.js";
import { readEnv } from "./env.js";
import { reachableUrls } from "./http/addresses.js";
import { MemoryStore } from "./store/memory.js";
import { connectRedis } from "./store/redis.js";
import { startWeb } from "./web/serve.js";

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
const web = await startWeb(env.SERVE_WEB, env.WEB_DIR, { hostname: env.HOST, port: env.PORT }, logger);
if (!web.ok) {
  logger.fatal(web.reason);
  process.exit(1);
}
const app = createApp({
  store,
  ai,
  clock: systemClock,
  logger,
  config: {
    ...DEFAULT_CONFIG,
    secret,
    allowedOrigins: env.ALLOWED_ORIGINS,
    instanceId: instanceName(),
    metricsToken: env.METRICS_TOKEN ?? null,
  },
  ...(redis === null ? {} : { adapter: (io) => redis.adapter(io) }),
  ...(web.web === null ? {} : { web: web.web }),
});

await app.start();
app.http.listen(env.PORT, env.HOST, () => {
  const urls = reachableUrls(env.HOST, env.PORT);
  logger.info(
    { port: env.PORT, host: env.HOST, redis: redis !== null, web: web.web !== null },
    "arena listening",
  );
  // For people, not log collectors: where to point a browser, this machine's and a friend's.
  const what = web.web === null ? "Arena API and sockets" : "Arena";
  const local = ["0.0.0.0", "::", "127.0.0.1", "localhost"].includes(env.HOST)
    ? `  ${what} on http://localhost:${env.PORT}/\n`
    : "";
  const network = urls
    .map((url) => `  ${local === "" ? `${what} on` : "on your network:"} ${url}\n`)
    .join("");
  process.stdout.write(`\n${local}${network}\n`);
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
