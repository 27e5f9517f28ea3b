import { hostname } from "node:os";
import { pino } from "pino";
import { PiscinaPool } from "./ai/pool.js";
import { createApp, DEFAULT_CONFIG, instanceName } from "./app.js";
import { drawEveryStart } from "./games/catalogue.js";
import { systemClock } from "./clocks/scheduler.js";
import { readEnv } from "./env.js";
import { reachableUrls } from "./http/addresses.js";
import { SELF_ORIGIN_ENV, selfOrigin } from "./web/self-origin.js";
import { openBackend } from "./store/backend.js";
import { EmailService } from "./mail/email-service.js";
import { MailSender } from "./mail/sender.js";
import { smtpTransport } from "./mail/transport.js";
import { startWeb } from "./web/serve.js";

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
const { store, cluster, secret, adapter } = backend.value;
const opened = backend.value;
drawEveryStart();
const ai = new PiscinaPool({ maxThreads: env.AI_THREADS, maxQueue: env.AI_QUEUE });
const instanceId = instanceName();
// Quotas are counted where every process sees them: Redis when scaled out, else this process's memory.
const quotas = opened.openQuotas(instanceId);
// Quick-pairing seeks likewise (docs/architecture.md, "Quick pairing").
const seekStore = opened.openSeeks(instanceId);
const web = await startWeb(env.SERVE_WEB, env.WEB_DIR, { hostname: env.HOST, port: env.PORT }, logger);
if (!web.ok) {
  logger.fatal(web.reason);
  process.exit(1);
}
// E-mail (docs/mail.md): the settings and links always; the sender only with an SMTP server to send to.
const mailSender =
  env.SMTP_URL === undefined
    ? null
    : new MailSender(opened.mailQueue, smtpTransport(env.SMTP_URL, env.MAIL_FROM), systemClock, logger);
const email = new EmailService({
  settings: opened.emailSettings,
  queue: opened.mailQueue,
  quotas,
  clock: systemClock,
  origin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
  secret,
  sending: mailSender !== null,
  queued: () => void mailSender?.pass(),
});
mailSender?.start();
const app = createApp({
  store,
  cluster,
  ai,
  clock: systemClock,
  logger,
  config: {
    ...DEFAULT_CONFIG,
    secret,
    allowedOrigins: env.ALLOWED_ORIGINS,
    // This machine's own name answers too, as a friend on the LAN may type it (`name` or `name.local`).
    allowedHosts: [...env.ALLOWED_HOSTS, hostname(), `${hostname()}.local`],
    instanceId,
    metricsToken: env.METRICS_TOKEN ?? null,
    quotas: env.QUOTAS,
    trustedProxies: env.TRUST_PROXY,
    handshakesPerTurn: env.HANDSHAKES_PER_TURN,
  },
  quotas,
  seeks: seekStore,
  players: opened.players,
  sessions: opened.sessions,
  blocks: opened.blocks,
  tournaments: opened.tournaments,
  notifications: opened.notifications,
  vacations: opened.vacations,
  forecasts: opened.forecasts,
  moderation: opened.moderation,
  puzzles: opened.puzzles,
  email,
  ...(adapter === undefined ? {} : { adapter }),
  ...(web.web === null ? {} : { web: web.web }),
});

await app.start();
app.http.listen(env.PORT, env.HOST, () => {
  // The web app renders the room and profile pages from this server's API, read over loopback.
  const bound = app.http.address();
  if (bound !== null && typeof bound !== "string") process.env[SELF_ORIGIN_ENV] = selfOrigin(bound);
  const urls = reachableUrls(env.HOST, env.PORT);
  logger.info({ port: env.PORT, host: env.HOST, store: env.STORE, web: web.web !== null }, "arena listening");
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

// docs/deployment.md. SIGTERM (Docker, systemd, a rolling restart) drains first: out of the
// balancer's rotation while still serving, so that its health checks notice before anyone is disconnected.
// SIGINT (Ctrl-C) and a second signal during the drain stop at once. Either way the stop is graceful:
// leases are handed back.
let stopping = false;
let endDrain = (): void => undefined;
async function shutdown(signal: "SIGINT" | "SIGTERM"): Promise<void> {
  if (stopping) {
    endDrain();
    return;
  }
  stopping = true;
  if (signal === "SIGTERM" && env.DRAIN_MS > 0) {
    app.drain();
    logger.info(
      { signal, drainMs: env.DRAIN_MS },
      "draining: /readyz answers 503 while this process still serves (a second signal stops it at once)",
    );
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, env.DRAIN_MS);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  logger.info({ signal }, "shutting down");
  await app.close(true);
  await mailSender?.stop();
  await ai.close();
  await quotas.close();
  await seekStore.close();
  await opened.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
