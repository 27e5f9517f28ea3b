import { z } from "zod";

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Unset: one process with the in-memory store (the embedded default). */
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Comma-separated origins allowed to open sockets (the web app). */
  CORS_ORIGIN: z.string().min(1).default("http://localhost:3000"),
  /** Signs guest identities and invite links; every process of a cluster needs the same one. */
  SECRET: z.string().min(16).optional(),
  AI_THREADS: z.coerce.number().int().min(1).max(4).default(1),
  AI_QUEUE: z.coerce.number().int().min(1).max(10_000).default(64),
  /** The embedded store only: how many finished matches stay replayable (oldest dropped first). */
  KEEP_FINISHED: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
});

export type Env = z.infer<typeof Env>;

/** The only place that reads process.env. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`invalid environment: ${problems}`);
  }
  return parsed.data;
}
