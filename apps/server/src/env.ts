import { availableParallelism } from "node:os";
import { z } from "zod";
import { QuotasFromEnv } from "./quotas/limits.js";
import { HANDSHAKES_PER_TURN } from "./protocol/turn-gate.js";
import { SYNCHRONOUS_LEVELS } from "./store/sqlite/ops.js";

/** Where matches live: docs/architecture.md, "Storage". */
export const STORE_KINDS = ["sqlite", "memory", "redis"] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

const Env = z.object({
  /** One port for the web app, the API and the sockets. */
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Every interface by default, so that a friend on the LAN can open the printed address. */
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Set: the Redis store (scale-out, several processes). Unset: the embedded SQLite store in DATA_DIR. */
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Comma-separated origins, besides the server's own, from which browsers may open sockets and call the
   * API (a web app served elsewhere). Empty: the page's own origin only.
   */
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ""),
    )
    .pipe(z.array(z.url())),
  /**
   * Comma-separated host names (or `host:port`, or URLs) that requests may be addressed to besides loopback
   * names, IP literals, this machine's name and the hosts of ALLOWED_ORIGINS (a domain behind a proxy);
   * `*`: any. Others are refused, DNS rebinding among them (docs/architecture.md, "Security").
   */
  ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((host) => host.trim())
        .filter((host) => host !== ""),
    )
    .pipe(z.array(z.string().regex(/^(\*|[^\s/]+|https?:\/\/[^\s]+)$/, "a host name, host:port, URL or *"))),
  /**
   * Serve the web app too: `auto` when its build is there (the monorepo's apps/web, or WEB_DIR), `true` to
   * require it, `false` for an API- and bot-only server.
   */
  SERVE_WEB: z.enum(["auto", "true", "false"]).default("auto"),
  /** Where the built web app is; default: apps/web next to this server in the repository. */
  WEB_DIR: z.string().min(1).optional(),
  /**
   * Opens `/metrics` to other machines with `Authorization: Bearer <token>`; unset, only a scraper on this
   * machine (not through a proxy) may read it.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * On SIGTERM, how long `/readyz` answers 503 while the process still serves, before it stops: long
   * enough for a load balancer's health checks to take it out of rotation (docs/deployment.md).
   */
  DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * How many new connections one turn of the event loop accepts (docs/reliability.md, "A crowd of 2,000
   * watchers"): a crowd connecting at once is spread over turns instead of stalling everyone else.
   */
  HANDSHAKES_PER_TURN: z.coerce.number().int().min(1).max(100_000).default(HANDSHAKES_PER_TURN),
  /** Which store; unset means `redis` when REDIS_URL is set, else `sqlite`. `memory` keeps nothing (tests, benches). */
  STORE: z.enum(STORE_KINDS).optional(),
  /** The SQLite store's folder (database and secret), relative to the working directory. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** The SQLite store's `synchronous` level in WAL mode: what a power cut can lose (docs/architecture.md). */
  SQLITE_SYNC: z.enum(SYNCHRONOUS_LEVELS).default("normal"),
  /**
   * Signs guest identities and invite links; every process of a cluster needs the same one. Unset with
   * the SQLite store: kept in DATA_DIR/secret (made on first start). Unset otherwise: random per start.
   */
  SECRET: z.string().min(16).optional(),
  /**
   * Threads for the seats' searches (the analysis lanes have their own): one per core but the event loop's,
   * at least 1 and at most 4, so 1 on a 2-core machine (docs/architecture.md, "AI workers").
   */
  AI_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(4)
    .default(Math.max(1, Math.min(4, availableParallelism() - 1))),
  AI_QUEUE: z.coerce.number().int().min(1).max(10_000).default(64),
  /** The memory store only: how many finished matches stay replayable (oldest dropped first). */
  KEEP_FINISHED: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  // ——— E-mail (docs/mail.md) ———
  /** Where notification and verification mails go out, e.g. `smtp://user:pass@mail.example.org:587`; unset: none is sent. */
  SMTP_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The From of every mail. */
  MAIL_FROM: z.string().min(3).default("Arena <arena@localhost>"),
  /** The server's address as mail readers reach it, for the links in mails; default `http://localhost:PORT`. */
  PUBLIC_ORIGIN: z.url().optional(),
  // ——— Abuse limits (docs/protocol.md, "Quotas") ———
  /**
   * How many proxies in front append to `X-Forwarded-For` (0: none, the peer is the client; `true`: 1).
   * Per-address quotas count the address the outermost trusted proxy saw.
   */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value)))
    .pipe(z.number().int().min(0).max(10)),
  /** Limits that differ from the defaults, e.g. `socketsPerAddress=5000,aiGamesPerUser=5`. */
  QUOTAS: QuotasFromEnv,
});

const Resolved = Env.transform((env, ctx) => {
  const store: StoreKind = env.STORE ?? (env.REDIS_URL === undefined ? "sqlite" : "redis");
  if (store === "redis" && env.REDIS_URL === undefined) {
    ctx.addIssue({ code: "custom", path: ["STORE"], message: "STORE=redis needs REDIS_URL" });
  }
  if (store !== "redis" && env.REDIS_URL !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["STORE"],
      message: `STORE=${store} cannot be used with REDIS_URL`,
    });
  }
  return { ...env, STORE: store };
});

export type Env = z.infer<typeof Resolved>;

/** The only place that reads process.env. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Resolved.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`invalid environment: ${problems}`);
  }
  return parsed.data;
}
