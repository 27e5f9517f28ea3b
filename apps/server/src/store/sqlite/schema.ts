import type Database from "better-sqlite3";

/** One step of the database schema. `PRAGMA user_version` counts the steps a file has been through. */
export interface Migration {
  readonly description: string;
  readonly sql: string;
}

/**
 * The schema, oldest step first; never edit a step that has shipped, add one (docs/architecture.md,
 * "Storage"). Tables are named after their domain (`match_*`) so that accounts, ratings and chat can
 * live in the same file later.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    description: "match event logs, live set, leases with heartbeats, lobby index",
    sql: `
      -- One row per event, in append order; (match_id, version) is the log's key and the CAS guard.
      CREATE TABLE match_events (
        seq INTEGER PRIMARY KEY,
        match_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        entry TEXT NOT NULL,
        UNIQUE (match_id, version)
      );
      CREATE TABLE match_live (match_id TEXT PRIMARY KEY) WITHOUT ROWID;
      -- owner and expires_at are null once released; the heartbeat stays for the next owner's credit.
      CREATE TABLE match_leases (
        match_id TEXT PRIMARY KEY,
        owner TEXT,
        expires_at INTEGER,
        heartbeat INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE match_lobby (match_id TEXT PRIMARY KEY, summary TEXT NOT NULL) WITHOUT ROWID;
    `,
  },
  {
    description: "post-game analyses of finished matches",
    sql: `
      -- One row per analysed match: the analysis as JSON (docs/analysis.md, "Caching").
      CREATE TABLE match_analysis (match_id TEXT PRIMARY KEY, analysis TEXT NOT NULL) WITHOUT ROWID;
    `,
  },
  {
    description: "accounts, sessions, login buckets, ratings, rated matches, each player's game index",
    sql: `
      CREATE TABLE player_accounts (
        user_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        bot INTEGER NOT NULL,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE player_sessions (
        session_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE player_login_buckets (key TEXT PRIMARY KEY, tokens REAL NOT NULL, at INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE player_ratings (
        user_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        speed TEXT NOT NULL,
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (user_id, game_id, speed)
      ) WITHOUT ROWID;
      CREATE INDEX player_ratings_board ON player_ratings (game_id, speed, rating DESC);
      -- One row per recorded game: the guard that records it once, and its rating changes (JSON).
      CREATE TABLE player_recorded_matches (match_id TEXT PRIMARY KEY, changes TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE player_games (
        seq INTEGER PRIMARY KEY,
        user_id TEXT NOT NULL,
        match_id TEXT NOT NULL,
        outcome TEXT NOT NULL,
        entry TEXT NOT NULL,
        UNIQUE (user_id, match_id)
      );
      CREATE INDEX player_games_newest ON player_games (user_id, seq DESC);
    `,
  },
  {
    description: "match secrets (hidden randomness), beside the logs and never in them",
    sql: `
      -- Written once per match, before its first event (docs/protocol.md, "Hidden randomness"); kept as
      -- long as the match's events are.
      CREATE TABLE match_secrets (match_id TEXT PRIMARY KEY, secret TEXT NOT NULL) WITHOUT ROWID;
    `,
  },
  {
    description: "chat: each match's lines per channel (the newest kept) and its mutes",
    sql: `
      -- One row per line, in the order said (docs/architecture.md, "Chat"); a channel keeps its newest lines.
      CREATE TABLE match_chat (
        seq INTEGER PRIMARY KEY,
        match_id TEXT NOT NULL,
        channel TEXT NOT NULL,
        line TEXT NOT NULL
      );
      CREATE INDEX match_chat_channel ON match_chat (match_id, channel, seq);
      CREATE TABLE match_chat_mutes (
        match_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        muted_id TEXT NOT NULL,
        PRIMARY KEY (match_id, user_id, muted_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    description: "ratings: when each pool's rating last changed (its RD grows while the player is away)",
    sql: `
      -- Null for ratings kept before this step: their RD does not grow until their next rated game.
      ALTER TABLE player_ratings ADD COLUMN rated_at INTEGER;
    `,
  },
  {
    description: "accounts: the skeleton of each name, so a look-alike name is refused (accounts/names.ts)",
    sql: `
      -- Filled for accounts made before this step when the player store opens (the skeleton is computed
      -- in JavaScript).
      CREATE TABLE player_name_skeletons (
        skeleton TEXT PRIMARY KEY,
        user_id TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    description: "players: indexes for a player's game search, and follows (docs/protocol.md)",
    sql: `
      -- A player's games by game and by result, newest first (accounts/sqlite.ts searchQuery).
      CREATE INDEX player_games_by_game ON player_games (user_id, json_extract(entry, '$.gameId'), seq DESC);
      CREATE INDEX player_games_by_outcome ON player_games (user_id, outcome, seq DESC);
      -- Whom each account follows; the name is the followee's account name, which never changes.
      CREATE TABLE player_follows (
        follower_id TEXT NOT NULL,
        followee_id TEXT NOT NULL,
        followee_name TEXT NOT NULL,
        since INTEGER NOT NULL,
        PRIMARY KEY (follower_id, followee_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    description:
      "the server's heartbeat in one row, instead of a lease per match (one process holds them all)",
    sql: `
      -- When this server was last alive: the downtime a restart credits to the games it ran.
      CREATE TABLE server_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
      INSERT INTO server_meta (key, value) SELECT 'heartbeat', MAX(heartbeat) FROM match_leases HAVING COUNT(*) > 0;
      DROP TABLE match_leases;
    `,
  },
  {
    description: "tournaments: event logs and one row per tournament (meta, lobby summary)",
    sql: `
      -- (tournament_id, version) is the log's key and the compare-and-set guard.
      CREATE TABLE tournament_events (
        tournament_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (tournament_id, version)
      ) WITHOUT ROWID;
      -- finished_at orders the lobby's finished ones (null while unfinished).
      CREATE TABLE tournaments (
        tournament_id TEXT PRIMARY KEY,
        meta TEXT NOT NULL,
        summary TEXT NOT NULL,
        finished_at INTEGER
      ) WITHOUT ROWID;
      CREATE INDEX tournaments_finished ON tournaments (finished_at);
    `,
  },
  {
    description: "tournaments' chat lines, beside their logs",
    sql: `
      -- seq orders the lines; the oldest beyond the kept number are deleted as new ones come.
      CREATE TABLE tournament_chat (
        seq INTEGER PRIMARY KEY,
        tournament_id TEXT NOT NULL,
        line TEXT NOT NULL
      );
      CREATE INDEX tournament_chat_by_id ON tournament_chat (tournament_id, seq);
    `,
  },
  {
    description: "every user's notification inbox",
    sql: `
      -- The notification as JSON beside what the inbox is sorted and counted by; the oldest beyond the
      -- kept number are deleted as new ones come (docs/protocol.md, "Notifications").
      CREATE TABLE user_notifications (
        user_id TEXT NOT NULL,
        id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        read INTEGER NOT NULL,
        notification TEXT NOT NULL,
        PRIMARY KEY (user_id, id)
      ) WITHOUT ROWID;
      CREATE INDEX user_notifications_by_time ON user_notifications (user_id, created_at DESC, id DESC);
    `,
  },
  {
    description: 'each account\'s vacation allowance (docs/clocks.md, "Vacation")',
    sql: `
      -- since: when the running vacation began (null while home); used_ms: charged in year before it.
      CREATE TABLE player_vacations (
        user_id TEXT PRIMARY KEY,
        since INTEGER,
        used_ms INTEGER NOT NULL,
        year INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    description: 'each player\'s forecast in a correspondence match (docs/protocol.md, "Forecasts")',
    sql: `
      CREATE TABLE match_forecasts (
        match_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        lines TEXT NOT NULL,
        PRIMARY KEY (match_id, user_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    description: "the outgoing mail queue",
    sql: `
      -- ready_at: when a queued mail may next be claimed (due, or its lease ended); NULL once sent or failed.
      CREATE TABLE mail_queue (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        mail TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        status TEXT NOT NULL,
        ready_at INTEGER,
        owner TEXT
      );
      CREATE INDEX mail_queue_ready ON mail_queue (ready_at) WHERE ready_at IS NOT NULL;
    `,
  },
  {
    description: "accounts' e-mail settings and verification tokens",
    sql: `
      CREATE TABLE email_settings (user_id TEXT PRIMARY KEY, settings TEXT NOT NULL) WITHOUT ROWID;
      -- hash: the token's SHA-256; the token itself is only in the mail.
      CREATE TABLE email_tokens (hash TEXT PRIMARY KEY, token TEXT NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
    `,
  },
  {
    description: 'sessions: each one\'s last use, device and address (docs/protocol.md, "Sessions")',
    sql: `
      -- A session opened before this step counts as used now: idle expiry must not log everyone out.
      ALTER TABLE player_sessions ADD COLUMN last_used_at INTEGER;
      ALTER TABLE player_sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
      ALTER TABLE player_sessions ADD COLUMN address TEXT;
      UPDATE player_sessions SET last_used_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER);
      CREATE INDEX player_sessions_by_user ON player_sessions (user_id);
    `,
  },
  {
    description: 'accounts blocking accounts (docs/protocol.md, "Blocks")',
    sql: `
      CREATE TABLE blocks (
        blocker TEXT NOT NULL,
        blocked TEXT NOT NULL,
        since INTEGER NOT NULL,
        PRIMARY KEY (blocker, blocked)
      ) WITHOUT ROWID;
      CREATE INDEX blocks_by_blocked ON blocks (blocked, blocker);
    `,
  },
  {
    description: 'accounts: when each was closed (docs/protocol.md, "Closing an account")',
    sql: `
      -- NULL while the account is open; a closed account keeps its row for its games and its name.
      ALTER TABLE player_accounts ADD COLUMN closed_at INTEGER;
      -- Closing an account removes others' follows of it.
      CREATE INDEX player_follows_by_followee ON player_follows (followee_id);
    `,
  },
  {
    description:
      'moderation: moderators, reports, sanctions, the audit log, removed chat lines, guests of accounts (docs/protocol.md, "Moderation")',
    sql: `
      CREATE TABLE mod_roles (user_id TEXT PRIMARY KEY) WITHOUT ROWID;
      -- record: the report as JSON; status, reporter, target and created_at are repeated for the queries.
      CREATE TABLE mod_reports (
        id TEXT PRIMARY KEY,
        reporter TEXT NOT NULL,
        target TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        record TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX mod_reports_open ON mod_reports (status, created_at);
      CREATE INDEX mod_reports_by_reporter ON mod_reports (reporter, created_at);
      CREATE INDEX mod_reports_by_target ON mod_reports (target, created_at);
      CREATE TABLE mod_sanctions (seq INTEGER PRIMARY KEY, user_id TEXT NOT NULL, record TEXT NOT NULL);
      CREATE INDEX mod_sanctions_by_user ON mod_sanctions (user_id, seq);
      CREATE TABLE mod_audit (seq INTEGER PRIMARY KEY, target TEXT, record TEXT NOT NULL);
      CREATE INDEX mod_audit_by_target ON mod_audit (target, seq);
      CREATE TABLE mod_removed_lines (match_id TEXT NOT NULL, line_id TEXT NOT NULL, PRIMARY KEY (match_id, line_id)) WITHOUT ROWID;
      CREATE TABLE mod_guests (guest_id TEXT PRIMARY KEY, account_id TEXT NOT NULL) WITHOUT ROWID;
      CREATE INDEX mod_guests_by_account ON mod_guests (account_id);
    `,
  },
  {
    description:
      'puzzles, their ratings, who has played them, the daily puzzles (docs/puzzles.md, "Serving and rating")',
    sql: `
      -- record: the puzzle's line of its seed file (formatPuzzle); plays: its rated attempts.
      CREATE TABLE puzzles (
        id TEXT PRIMARY KEY,
        game_id TEXT NOT NULL,
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        volatility REAL NOT NULL,
        plays INTEGER NOT NULL,
        record TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX puzzles_by_rating ON puzzles (game_id, rating);
      CREATE TABLE puzzle_themes (
        game_id TEXT NOT NULL,
        theme TEXT NOT NULL,
        puzzle_id TEXT NOT NULL,
        PRIMARY KEY (game_id, theme, puzzle_id)
      ) WITHOUT ROWID;
      -- attempts: rated attempts, the compare-and-set guard of the rating.
      CREATE TABLE puzzle_players (
        user_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts INTEGER NOT NULL,
        PRIMARY KEY (user_id, game_id)
      ) WITHOUT ROWID;
      -- One row per puzzle served to an identity; done once attempted; expires_at for guests only.
      CREATE TABLE puzzle_seen (
        solver_id TEXT NOT NULL,
        puzzle_id TEXT NOT NULL,
        at INTEGER NOT NULL,
        done INTEGER NOT NULL,
        expires_at INTEGER,
        PRIMARY KEY (solver_id, puzzle_id)
      );
      CREATE INDEX puzzle_seen_by_time ON puzzle_seen (solver_id, at);
      CREATE INDEX puzzle_seen_expiring ON puzzle_seen (expires_at) WHERE expires_at IS NOT NULL;
      CREATE TABLE puzzle_attempts (
        seq INTEGER PRIMARY KEY,
        user_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        entry TEXT NOT NULL
      );
      CREATE INDEX puzzle_attempts_by_user ON puzzle_attempts (user_id, game_id, seq);
      CREATE TABLE puzzle_daily (
        game_id TEXT NOT NULL,
        day TEXT NOT NULL,
        puzzle_id TEXT NOT NULL,
        PRIMARY KEY (game_id, day)
      ) WITHOUT ROWID;
    `,
  },
];

export type MigrationOutcome =
  | { readonly ok: true; readonly from: number; readonly to: number }
  | { readonly ok: false; readonly reason: "newer-schema"; readonly found: number; readonly known: number };

/** The schema version a file is at (0 for a new, empty file). */
export function schemaVersion(db: Database.Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

/**
 * Brings a database up to the newest schema, one transaction per step (the step and its new
 * `user_version` commit together, so a crash between steps resumes at the next one). A file written
 * by a newer server is left alone: an older server cannot know what it holds.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
): MigrationOutcome {
  const from = schemaVersion(db);
  if (from > migrations.length) {
    return { ok: false, reason: "newer-schema", found: from, known: migrations.length };
  }
  migrations.slice(from).forEach((migration, i) => {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${from + i + 1}`);
    })();
  });
  return { ok: true, from, to: migrations.length };
}
