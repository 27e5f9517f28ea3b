import { pino } from "pino";
import { PiscinaPool } from "./ai/pool.js";
import { createApp, DEFAULT_CONFIG, instanceName } from "./app.js";
import { systemClock } from "./clocks/scheduler.js";
import { readEnv } from "./env.js";
import { openBackend } from "./store/select.js";

const env = readEnv();
const logger = pino({ level: env.LOG_LEVEL });

const backend = await openBackend(env, logger);
if (!backend.ok) {
  // Never a fresh store over a broken one: stop, naming the file and what to do (docs/reliability.md).
  const { code, path, message } = backend.problem;
  logger.fatal({ code, path }, message);
  process.stderr.write(`arena server: cannot start: ${message}\n`);
  process.exit(1);
}
const { store, secret, adapter } = backend.value;
const opened = backend.value;
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
  ...(adapter === undefined ? {} : { adapter }),
});

await app.start();
app.http.listen(env.PORT, env.HOST, () => {
  logger.info({ port: env.PORT, host: env.HOST, store: env.STORE }, "arena server listening");
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  await app.close(true);
  await ai.close();
  await opened.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
