import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { type Logger } from "pino";
import { LocalCluster } from "../cluster/local.js";
import { type Cluster } from "../cluster/ports.js";
import { type Env } from "../env.js";
import { type MatchStore } from "./ports/matches.js";
import { type NotificationStore } from "./ports/notifications.js";
import { type Opened } from "./ports/startup.js";
import { type PlayerStore } from "./ports/players.js";
import { type QuotaStore } from "./ports/quotas.js";
import { type SeekStore } from "./ports/seeks.js";
import { type TournamentStore } from "./ports/tournaments.js";
import { MemoryNotificationStore } from "./memory/notifications.js";
import { type VacationStore } from "./ports/vacations.js";
import { type ForecastStore } from "./ports/forecasts.js";
import { MemoryPlayerStore } from "./memory/players.js";
import { MemoryQuotaStore } from "./memory/quotas.js";
import { MemorySeekStore } from "./memory/seeks.js";
import { MemoryStore } from "./memory/matches.js";
import { MemoryTournamentStore } from "./memory/tournaments.js";
import { SqliteNotificationStore } from "./sqlite/notifications.js";
import { SqlitePlayerStore } from "./sqlite/players.js";
import { SqliteStore } from "./sqlite/matches.js";
import { SqliteTournamentStore } from "./sqlite/tournaments.js";
import { RedisNotificationStore } from "./redis/notifications.js";
import { MemoryVacationStore } from "./memory/vacations.js";
import { MemoryForecastStore } from "./memory/forecasts.js";
import { SqliteVacationStore } from "./sqlite/vacations.js";
import { SqliteForecastStore } from "./sqlite/forecasts.js";
import { RedisPlayerStore } from "./redis/players.js";
import { RedisQuotaStore } from "./redis/quotas.js";
import { RedisSeekStore } from "./redis/seeks.js";
import { RedisTournamentStore } from "./redis/tournaments.js";
import { RedisVacationStore } from "./redis/vacations.js";
import { RedisForecastStore } from "./redis/forecasts.js";
import { type AdapterHost, connectRedis } from "./redis/open.js";
import { loadOrCreateSecret } from "./secret-file.js";
import { type EmailSettingsStore } from "./ports/email-settings.js";
import { type MailQueue } from "./ports/mail-queue.js";
import { MemoryEmailSettingsStore } from "./memory/email-settings.js";
import { MemoryMailQueue } from "./memory/mail-queue.js";
import { SqliteEmailSettingsStore } from "./sqlite/email-settings.js";
import { SqliteMailQueue } from "./sqlite/mail-queue.js";
import { RedisEmailSettingsStore } from "./redis/email-settings.js";
import { RedisMailQueue } from "./redis/mail-queue.js";
import { type SessionStore } from "./ports/sessions.js";
import { MemorySessionStore } from "./memory/sessions.js";
import { SqliteSessionStore } from "./sqlite/sessions.js";
import { RedisSessionStore } from "./redis/sessions.js";
import { type BlockStore } from "./ports/blocks.js";
import { MemoryBlockStore } from "./memory/blocks.js";
import { SqliteBlockStore } from "./sqlite/blocks.js";
import { RedisBlockStore } from "./redis/blocks.js";
import { type ModerationStore } from "./ports/moderation.js";
import { MemoryModerationStore } from "./memory/moderation.js";
import { SqliteModerationStore } from "./sqlite/moderation.js";
import { RedisModerationStore } from "./redis/moderation.js";
import { type PuzzleStore } from "./ports/puzzles.js";
import { MemoryPuzzleStore } from "./memory/puzzles.js";
import { SqlitePuzzleStore } from "./sqlite/puzzles.js";
import { RedisPuzzleStore } from "./redis/puzzles.js";

/** The database file inside DATA_DIR. */
export const DATABASE_FILE = "arena.db";

/** The store the environment asks for, with the secret that goes with it. */
export interface Backend {
  readonly store: MatchStore;
  /** What only several processes need: Redis's when scaled out, else the one-process cluster. */
  readonly cluster: Cluster;
  readonly secret: string;
  /** The socket.io adapter for several processes (Redis only). */
  readonly adapter?: (io: AdapterHost) => void;
  /**
   * Where quotas are counted (docs/architecture.md, "Quotas"): Redis when scaled out, so every process
   * agrees; this process's memory for the embedded stores, which serve one process. `instance` names this
   * process (its connection counts vanish with it).
   */
  openQuotas(instance: string): QuotaStore;
  /**
   * Where quick-pairing seeks wait (docs/architecture.md, "Quick pairing"): Redis when scaled out; this
   * process's memory otherwise (seeks are ephemeral: SQLite does not keep them).
   */
  openSeeks(instance: string): SeekStore;
  /** Accounts, sessions, ratings and game histories, beside the matches (docs/architecture.md, "Storage"). */
  readonly players: PlayerStore;
  /** Accounts' logins (docs/protocol.md, "Sessions"). */
  readonly sessions: SessionStore;
  /** Accounts blocking accounts (docs/protocol.md, "Blocks"). */
  readonly blocks: BlockStore;
  /** Tournaments' logs and the lobby's summaries (docs/tournaments.md, "The server"). */
  readonly tournaments: TournamentStore;
  /** Every user's notification inbox (docs/protocol.md, "Notifications"). */
  readonly notifications: NotificationStore;
  /** Each account's vacation allowance (docs/clocks.md, "Vacation"). */
  readonly vacations: VacationStore;
  /** Players' forecasts in correspondence matches (docs/protocol.md, "Forecasts"). */
  readonly forecasts: ForecastStore;
  /** Outgoing mail and accounts' e-mail settings (docs/mail.md). */
  readonly mailQueue: MailQueue;
  readonly emailSettings: EmailSettingsStore;
  /** Moderators, reports, sanctions and the audit log (docs/protocol.md, "Moderation"). */
  readonly moderation: ModerationStore;
  /** Puzzles, their ratings and who has played them (docs/puzzles.md, "Serving and rating"). */
  readonly puzzles: PuzzleStore;
  close(): Promise<void>;
}

/**
 * `REDIS_URL` → Redis; otherwise SQLite in DATA_DIR, unless STORE=memory (docs/architecture.md,
 * "Running"). SQLite keeps the secret in DATA_DIR unless SECRET is set; the others use SECRET or a random
 * one per start (nothing else of theirs survives a restart of this process either, or Redis keeps it and
 * the cluster must share a SECRET anyway).
 */
export async function openBackend(env: Env, logger: Logger): Promise<Opened<Backend>> {
  const randomSecret = () => {
    logger.warn("SECRET is not set: using a random one, so guest tokens will not survive a restart");
    return randomBytes(32).toString("base64url");
  };
  if (env.STORE === "redis" && env.REDIS_URL !== undefined) {
    const redis = await connectRedis(env.REDIS_URL, logger);
    const players = new RedisPlayerStore(redis.commands, redis.prefix);
    // Accounts registered before look-alike names were refused get their name's skeleton.
    const filled = await players.fillSkeletons();
    if (filled > 0) logger.info({ accounts: filled }, "name skeletons filled in");
    return {
      ok: true,
      value: {
        store: redis.store,
        cluster: redis.cluster,
        secret: env.SECRET ?? randomSecret(),
        adapter: (io) => redis.adapter(io),
        openQuotas: (instance) => new RedisQuotaStore(redis.commands, redis.prefix, instance),
        openSeeks: (instance) => new RedisSeekStore(redis.commands, redis.prefix, instance),
        players,
        sessions: new RedisSessionStore(redis.commands, redis.prefix),
        blocks: new RedisBlockStore(redis.commands, redis.prefix),
        tournaments: new RedisTournamentStore(redis.commands, redis.prefix),
        notifications: new RedisNotificationStore(redis.commands, redis.prefix),
        vacations: new RedisVacationStore(redis.commands, redis.prefix),
        forecasts: new RedisForecastStore(redis.commands, redis.prefix),
        mailQueue: new RedisMailQueue(redis.commands, redis.prefix),
        emailSettings: new RedisEmailSettingsStore(redis.commands, redis.prefix),
        moderation: new RedisModerationStore(redis.commands, redis.prefix),
        puzzles: new RedisPuzzleStore(redis.commands, redis.prefix),
        close: () => redis.close(),
      },
    };
  }
  if (env.STORE === "memory") {
    const store = new MemoryStore({ keepFinished: env.KEEP_FINISHED });
    return {
      ok: true,
      value: {
        store,
        cluster: await LocalCluster.open(store, store),
        secret: env.SECRET ?? randomSecret(),
        openQuotas: () => new MemoryQuotaStore(),
        openSeeks: () => new MemorySeekStore(),
        players: new MemoryPlayerStore(),
        sessions: new MemorySessionStore(),
        blocks: new MemoryBlockStore(),
        tournaments: new MemoryTournamentStore(),
        notifications: new MemoryNotificationStore(),
        vacations: new MemoryVacationStore(),
        forecasts: new MemoryForecastStore(),
        mailQueue: new MemoryMailQueue(),
        emailSettings: new MemoryEmailSettingsStore(),
        moderation: new MemoryModerationStore(),
        puzzles: new MemoryPuzzleStore(),
        close: () => store.close(),
      },
    };
  }
  const folder = resolve(env.DATA_DIR);
  // The database first: its lock makes this the folder's only server before the secret is read or made.
  const opened = await SqliteStore.open(join(folder, DATABASE_FILE), { synchronous: env.SQLITE_SYNC });
  if (!opened.ok) return opened;
  const store = opened.value;
  let secret = env.SECRET;
  if (secret === undefined) {
    const kept = loadOrCreateSecret(folder);
    if (!kept.ok) {
      await store.close();
      return kept;
    }
    secret = kept.value.secret;
    if (kept.value.created) logger.info({ file: kept.value.file }, "created the server secret");
  }
  logger.info({ file: store.file, synchronous: env.SQLITE_SYNC }, "SQLite store open");
  return {
    ok: true,
    value: {
      store,
      cluster: await LocalCluster.open(store, store),
      secret,
      openQuotas: () => new MemoryQuotaStore(),
      openSeeks: () => new MemorySeekStore(),
      players: new SqlitePlayerStore(store.connection),
      sessions: new SqliteSessionStore(store.connection),
      blocks: new SqliteBlockStore(store.connection),
      tournaments: new SqliteTournamentStore(store.connection),
      notifications: new SqliteNotificationStore(store.connection),
      vacations: new SqliteVacationStore(store.connection),
      forecasts: new SqliteForecastStore(store.connection),
      mailQueue: new SqliteMailQueue(store.connection),
      emailSettings: new SqliteEmailSettingsStore(store.connection),
      moderation: new SqliteModerationStore(store.connection),
      puzzles: new SqlitePuzzleStore(store.connection),
      close: () => store.close(),
    },
  };
}
