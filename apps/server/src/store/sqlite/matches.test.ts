import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  asMatchId,
  asMillis,
  asVersion,
  type MatchEvent,
  type MatchId,
  type VersionedEvent,
} from "@arena/protocol";
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS, migrate, schemaVersion } from "./schema.js";
import { SqliteStore, type SqliteStoreOptions } from "./matches.js";
import { skipWithout } from "../../test-support/requires.js";
import { LocalCluster } from "../../cluster/local.js";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFile(): string {
  const folder = mkdtempSync(join(tmpdir(), "arena-sqlite-"));
  folders.push(folder);
  return join(folder, "arena.db");
}

const open: SqliteStore[] = [];
afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
});

async function openStore(file: string, options: SqliteStoreOptions = {}): Promise<SqliteStore> {
  const opened = await SqliteStore.open(file, options);
  if (!opened.ok) throw new Error(opened.problem.message);
  open.push(opened.value);
  return opened.value;
}

async function closeStore(store: SqliteStore): Promise<void> {
  open.splice(open.indexOf(store), 1);
  await store.close();
}

const at = (version: number, event: MatchEvent): VersionedEvent => ({
  version: asVersion(version),
  at: asMillis(1000 + version),
  event,
});
const joined = (version: number) => at(version, { type: "seat-left", seat: version % 2 });
const started: MatchEvent = {
  type: "started",
  state: { board: "x".repeat(64) },
  clock: { remaining: [60_000, 60_000], runningSeat: 0, runningSince: 1000, baseMs: 60_000, incrementMs: 0 },
} as unknown as MatchEvent;
const ended: MatchEvent = {
  type: "ended",
  result: { reason: "draw-agreed", winners: [0, 1], scores: [32, 32] },
  clock: null,
};

describe("SqliteStore on disk", () => {
  it("keeps logs, secrets, the live set, the lobby and the heartbeat across a close and reopen", async () => {
    const file = tempFile();
    const id = asMatchId("m_reopen");
    const secret = "ab".repeat(32);
    let store = await openStore(file);
    expect(await store.keepSecret(id, secret)).toBe(true);
    expect(await store.append(id, 0, [joined(1), at(2, started)])).toEqual({ ok: true });
    expect(await store.append(id, 2, [joined(3)])).toEqual({ ok: true });
    await store.putSummary(id, { matchId: id } as never);
    const before = await LocalCluster.open(store, store);
    expect((await before.acquireLease(id, "old-process", 60_000, 5_000)).acquired).toBe(true);
    expect(await before.renewLeases([id], "old-process", 60_000, 7_000)).toEqual([true]);
    await closeStore(store);

    store = await openStore(file);
    expect((await store.read(id, 0))?.map((e) => e.version)).toEqual([1, 2, 3]);
    // The secret draws the rest of the game's rolls: a restart must not lose or replace it.
    expect(await store.readSecret(id)).toBe(secret);
    expect(await store.keepSecret(id, "cd".repeat(32))).toBe(false);
    expect(await store.read(id, 0)).toEqual([joined(1), at(2, started), joined(3)]);
    expect(await store.listLive()).toEqual([id]);
    expect((await store.listSummaries()).map((s) => s.matchId)).toEqual([id]);
    // The new process takes the game over at once and learns the last heartbeat for the downtime credit.
    const after = await LocalCluster.open(store, store);
    expect(await after.acquireLease(id, "new-process", 60_000, 8_000)).toEqual({
      acquired: true,
      previousHeartbeat: 7_000,
    });
    expect(await store.append(id, 3, [joined(4)])).toEqual({ ok: true });
  });

  it("commits one turn's appends together, each with its own compare-and-set", async () => {
    const store = await openStore(tempFile());
    const a = asMatchId("m_a");
    const b = asMatchId("m_b");
    const pending = [
      store.append(a, 0, [joined(1)]),
      store.append(b, 0, [joined(1)]),
      store.append(a, 1, [joined(2)]),
      store.append(a, 1, [joined(2)]),
    ];
    expect(await Promise.all(pending)).toEqual([
      { ok: true },
      { ok: true },
      { ok: true },
      { ok: false, reason: "conflict" },
    ]);
    expect((await store.read(a, 0))?.map((e) => e.version)).toEqual([1, 2]);
  });

  it("keeps the live set with the log: started adds a match, ended removes it and its lobby entry", async () => {
    const store = await openStore(tempFile());
    const id = asMatchId("m_live");
    await store.append(id, 0, [joined(1)]);
    await store.putSummary(id, { matchId: id } as never);
    expect(await store.listLive()).toEqual([]);
    await store.append(id, 1, [at(2, started)]);
    expect(await store.listLive()).toEqual([id]);
    await store.writeHeartbeat(100);
    await store.append(id, 2, [at(3, ended)]);
    expect(await store.listLive()).toEqual([]);
    expect(await store.listSummaries()).toEqual([]);
    // A process started now credits no downtime to the finished game.
    const next = await LocalCluster.open(store, store);
    expect((await next.acquireLease(id, "next", 10_000, 200)).previousHeartbeat).toBeNull();
    // A finished game stays readable, and rematch offers still append after its end.
    expect(await store.append(id, 3, [at(4, { type: "rematch-offered", seat: 0 })])).toEqual({ ok: true });
    expect(await store.read(id, 2)).toHaveLength(2);
  });

  it("keeps every finished game, with no count limit", async () => {
    const store = await openStore(tempFile());
    const ids = Array.from({ length: 3_000 }, (_, i) => asMatchId(`m_done${i}`));
    await Promise.all(ids.map((id) => store.append(id, 0, [joined(1), at(2, ended)])));
    for (const id of [ids[0], ids[1_500], ids[2_999]]) {
      expect((await store.read(id ?? asMatchId("none"), 0))?.map((e) => e.event.type)).toEqual([
        "seat-left",
        "ended",
      ]);
    }
  });
});

describe("SqliteStore and its checkpoints", () => {
  it("keeps committing while another connection runs RESTART checkpoints (as the checkpointer does)", async () => {
    const file = tempFile();
    const store = await openStore(file);
    await store.append(asMatchId("m_warm"), 0, [joined(1)]);
    // Another connection to the same file (the lock is on arena.db.lock, not on the database), checkpointing
    // with RESTART, which holds writers back, as often as it can for two seconds.
    const script = `
      const Database = require("better-sqlite3");
      const db = new Database(process.argv[1], { timeout: 5000 });
      let n = 0;
      const end = Date.now() + 2000;
      while (Date.now() < end) { db.pragma("wal_checkpoint(RESTART)"); n++; }
      console.log(n);`;
    const child = spawn(process.execPath, ["-e", script, file], { stdio: ["ignore", "pipe", "inherit"] });
    let checkpoints = "";
    child.stdout.on("data", (chunk: Buffer) => (checkpoints += chunk.toString()));
    const exited = new Promise((done) => child.on("exit", done));
    // Eight games appending one move per event-loop turn each, until the checkpoints stop.
    let stop = false;
    void exited.then(() => (stop = true));
    const lanes = Array.from({ length: 8 }, async (_, lane) => {
      const id = asMatchId(`m_lane${lane}`);
      let version = 0;
      let refused = 0;
      while (!stop) {
        try {
          const result = await store.append(id, version, [joined(version + 1)]);
          if (result.ok) version++;
        } catch {
          refused++;
        }
      }
      return { version, refused };
    });
    const results = await Promise.all(lanes);
    expect(Number(checkpoints)).toBeGreaterThan(10);
    expect(results.map((r) => r.refused)).toEqual(new Array<number>(8).fill(0));
    expect(Math.min(...results.map((r) => r.version))).toBeGreaterThan(50);
  });
});

describe("SqliteStore refuses what it cannot use, naming the file", () => {
  it("refuses a second opener of the same file while the first has it", async () => {
    const file = tempFile();
    const first = await openStore(file);
    const second = await SqliteStore.open(file);
    expect(second).toMatchObject({ ok: false, problem: { code: "locked", path: file } });
    expect(!second.ok && second.problem.message).toContain(`${file} is in use by another Arena server`);
    expect(await first.append(asMatchId("m_x"), 0, [joined(1)])).toEqual({ ok: true });
    await closeStore(first);
    await openStore(file);
  });

  it("refuses a second opener in another process", async () => {
    const file = tempFile();
    await openStore(file);
    const script = `
      import { SqliteStore } from ${JSON.stringify(storeModule)};
      const opened = await SqliteStore.open(process.argv[1]);
      console.log(opened.ok ? "opened" : opened.problem.code);
      if (opened.ok) await opened.value.close();`;
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script, file],
      {
        encoding: "utf8",
      },
    );
    expect(child.stdout.trim()).toBe("locked");
  });

  it("refuses a file that is not a database, and leaves it as it was", async () => {
    const file = tempFile();
    const text = "these are somebody's notes, not a database\n".repeat(200);
    writeFileSync(file, text);
    const opened = await SqliteStore.open(file);
    expect(opened).toMatchObject({ ok: false, problem: { code: "not-a-database", path: file } });
    expect(!opened.ok && opened.problem.message).toMatch(
      /is not a SQLite database .*move it away or set DATA_DIR/,
    );
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("refuses a corrupt database, and leaves it as it was", async () => {
    const file = tempFile();
    const store = await openStore(file);
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => store.append(asMatchId(`m_c${i}`), 0, [joined(1), joined(2)])),
    );
    await closeStore(store);
    // Scribble over the middle of the file: b-tree pages that quick_check walks.
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 3 * 4096, 3 * 4096 + 2048);
    writeFileSync(file, bytes);
    const opened = await SqliteStore.open(file);
    expect(opened).toMatchObject({ ok: false, problem: { code: "corrupt", path: file } });
    expect(!opened.ok && opened.problem.message).toMatch(/is corrupt .*restore it from a backup/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it("refuses a data folder that cannot be created", async () => {
    const parent = tempFile();
    writeFileSync(parent, "a file where the data folder should go");
    const opened = await SqliteStore.open(join(parent, "arena.db"));
    expect(opened).toMatchObject({ ok: false, problem: { code: "unwritable", path: parent } });
    expect(!opened.ok && opened.problem.message).toContain(
      `cannot create or write the data folder ${parent} (EEXIST)`,
    );
  });

  it("refuses an unwritable data folder and file", async () => {
    const file = tempFile();
    const folder = dirname(file);
    await closeStore(await openStore(file));
    const readOnly = withReadOnly(folder);
    try {
      const opened = await SqliteStore.open(file);
      expect(opened).toMatchObject({ ok: false, problem: { code: "unwritable" } });
      expect(!opened.ok && opened.problem.message).toMatch(/writable by the user running the server/);
      expect(!opened.ok && opened.problem.message).toContain(readOnly.blamed === "folder" ? folder : file);
    } finally {
      readOnly.undo();
    }
    await openStore(file);
  });

  it("refuses a file written by a newer server", async () => {
    const file = tempFile();
    const db = new Database(file);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    const opened = await SqliteStore.open(file);
    expect(opened).toMatchObject({ ok: false, problem: { code: "newer-schema", path: file } });
    expect(!opened.ok && opened.problem.message).toContain(
      `has schema version ${MIGRATIONS.length + 1} but this server knows only up to ${MIGRATIONS.length}`,
    );
  });
});

/**
 * Makes a folder unwritable for real: as root (whom permissions do not stop) by mounting a read-only copy
 * of it over it; otherwise by taking away its write permission.
 */
function withReadOnly(folder: string): { blamed: "folder" | "file"; undo: () => void } {
  if (process.getuid?.() !== 0) {
    chmodSync(folder, 0o500);
    return { blamed: "folder", undo: () => chmodSync(folder, 0o700) };
  }
  const mounted = spawnSync("mount", ["--bind", "-o", "ro", folder, folder]);
  if (mounted.status !== 0) throw new Error(`mount --bind -o ro failed: ${mounted.stderr.toString()}`);
  return { blamed: "folder", undo: () => spawnSync("umount", [folder]) };
}

describe("SqliteStore on a full disk", () => {
  it("rejects the whole group commit and writes nothing of it", async () => {
    const file = tempFile();
    const store = await openStore(file, { maxPageCount: 40 });
    const id = asMatchId("m_full");
    expect(await store.append(id, 0, [joined(1)])).toEqual({ ok: true });
    expect(store.isReady()).toBe(true);
    const big = (version: number) =>
      at(version, { ...started, state: { board: "y".repeat(300_000) } } as MatchEvent);
    const results = await Promise.allSettled([
      store.append(id, 1, [joined(2), big(3), joined(4)]),
      store.append(asMatchId("m_other"), 0, [joined(1)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(results[0]?.status === "rejected" && (results[0].reason as { code?: string }).code).toBe(
      "SQLITE_FULL",
    );
    expect(store.isReady()).toBe(false);
    expect((await store.read(id, 0))?.map((e) => e.version)).toEqual([1]);
    expect(await store.read(asMatchId("m_other"), 0)).toBeNull();
    expect(await store.listLive()).toEqual([]);
    // Small writes still fit, and the store is ready again once one commits.
    expect(await store.append(id, 1, [joined(2)])).toEqual({ ok: true });
    expect(store.isReady()).toBe(true);
  });

  const root = process.getuid?.() === 0;
  it.skipIf(skipWithout(!root, "root (to mount a tmpfs)"))(
    "rejects appends when the file system is full, then recovers when space is freed",
    async () => {
      const mountPoint = mkdtempSync(join(tmpdir(), "arena-tmpfs-"));
      folders.push(mountPoint);
      const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mountPoint]);
      if (mounted.status !== 0) throw new Error(`mount tmpfs failed: ${mounted.stderr.toString()}`);
      try {
        // Another file takes most of the file system, as on a disk that filled up with something else.
        const filler = join(mountPoint, "filler");
        writeFileSync(filler, Buffer.alloc(3 * 1024 * 1024));
        const store = await openStore(join(mountPoint, "data", "arena.db"));
        const id = asMatchId("m_disk");
        const chunk = (v: number) =>
          at(v, { ...started, state: { board: "z".repeat(20_000) } } as MatchEvent);
        let version = 0;
        let failure: unknown = null;
        while (failure === null && version < 1_000) {
          try {
            expect(await store.append(id, version, [chunk(version + 1), chunk(version + 2)])).toEqual({
              ok: true,
            });
            version += 2;
          } catch (error) {
            failure = error;
          }
        }
        expect(version).toBeGreaterThan(0);
        expect((failure as { code?: string } | null)?.code).toBe("SQLITE_FULL");
        expect(store.isReady()).toBe(false);
        // Everything acknowledged is there, and nothing of the refused append.
        expect((await store.read(id, 0))?.length).toBe(version);
        rmSync(filler);
        expect(await store.append(id, version, [chunk(version + 1), chunk(version + 2)])).toEqual({
          ok: true,
        });
        expect(store.isReady()).toBe(true);
        await closeStore(store);
      } finally {
        spawnSync("umount", [mountPoint]);
      }
    },
  );
});

describe("SqliteStore migrations", () => {
  it("brings a new file to the newest schema", async () => {
    const file = tempFile();
    const store = await openStore(file);
    await closeStore(store);
    const db = new Database(file, { readonly: true });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual([
      "blocks",
      "email_settings",
      "email_tokens",
      "mail_queue",
      "match_analysis",
      "match_chat",
      "match_chat_mutes",
      "match_events",
      "match_forecasts",
      "match_live",
      "match_lobby",
      "match_secrets",
      "mod_audit",
      "mod_guests",
      "mod_removed_lines",
      "mod_reports",
      "mod_roles",
      "mod_sanctions",
      "player_accounts",
      "player_follows",
      "player_games",
      "player_login_buckets",
      "player_name_skeletons",
      "player_ratings",
      "player_recorded_matches",
      "player_sessions",
      "player_vacations",
      "puzzle_attempts",
      "puzzle_daily",
      "puzzle_players",
      "puzzle_seen",
      "puzzle_themes",
      "puzzles",
      "server_meta",
      "tournament_chat",
      "tournament_events",
      "tournaments",
      "user_notifications",
    ]);
    db.close();
  });

  it("adds the later tables to a file of schema version 1, keeping its matches", async () => {
    const file = tempFile();
    const old = new Database(file);
    expect(migrate(old, MIGRATIONS.slice(0, 1))).toEqual({ ok: true, from: 0, to: 1 });
    old.prepare("INSERT INTO match_live (match_id) VALUES ('m_old')").run();
    old
      .prepare(
        "INSERT INTO match_leases (match_id, owner, expires_at, heartbeat) VALUES ('m_old', 'p', 9, 4242)",
      )
      .run();
    old
      .prepare(
        "INSERT INTO match_leases (match_id, owner, expires_at, heartbeat) VALUES ('m_done', NULL, NULL, 17)",
      )
      .run();
    old.close();
    const store = await openStore(file);
    expect(await store.listLive()).toEqual(["m_old"]);
    // The newest lease heartbeat became the server's: its live games are credited from there.
    expect(await store.readHeartbeat()).toBe(4242);
    expect(await store.getAnalysis(asMatchId("m_old"))).toBeNull();
    await closeStore(store);
    const db = new Database(file, { readonly: true });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it("applies only the missing steps, keeping the data, and a failed step changes nothing", () => {
    const file = tempFile();
    const db = new Database(file);
    expect(migrate(db)).toEqual({ ok: true, from: 0, to: MIGRATIONS.length });
    db.prepare("INSERT INTO match_live (match_id) VALUES ('m_kept')").run();
    const next = [
      ...MIGRATIONS,
      { description: "ratings", sql: "CREATE TABLE ratings (user_id TEXT PRIMARY KEY, r REAL)" },
    ];
    expect(migrate(db, next)).toEqual({ ok: true, from: MIGRATIONS.length, to: next.length });
    expect(migrate(db, next)).toEqual({ ok: true, from: next.length, to: next.length });
    const broken = [
      ...next,
      { description: "broken", sql: "CREATE TABLE chat (id); CREATE TABLE nonsense (" },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(schemaVersion(db)).toBe(next.length);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'chat'").get()).toBeUndefined();
    expect(db.prepare("SELECT match_id FROM match_live").pluck().all()).toEqual(["m_kept"]);
    db.close();
  });
});

const appender = resolve(dirname(fileURLToPath(import.meta.url)), "../../test-support/sqlite-appender.ts");
const storeModule = resolve(dirname(fileURLToPath(import.meta.url)), "matches.ts");

describe("SqliteStore under kill -9", () => {
  it("loses no acknowledged append when the process is killed in the middle of appending", async () => {
    const file = tempFile();
    const child = spawn(process.execPath, ["--import", "tsx", appender, file, "8"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const acked = new Map<MatchId, number>();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    let buffered = "";
    let total = 0;
    await new Promise<void>((done, fail) => {
      child.on("exit", (code) => fail(new Error(`appender exited (${code}) before the kill: ${stderr}`)));
      child.stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) {
          const [word, id, version] = line.split(" ");
          if (word !== "ack" || id === undefined) continue;
          acked.set(asMatchId(id), Math.max(acked.get(asMatchId(id)) ?? 0, Number(version)));
          total++;
        }
        // Killed mid-stream: thousands of appends in, with more in flight.
        if (total >= 3_000 && child.signalCode === null) {
          child.removeAllListeners("exit");
          child.on("exit", () => done());
          child.kill("SIGKILL");
        }
      });
    });
    expect(child.signalCode).toBe("SIGKILL");
    expect(acked.size).toBe(8);
    const store = await openStore(file);
    for (const [id, version] of acked) {
      const log = (await store.read(id, 0)) ?? [];
      // Every acknowledged version is there, dense from 1, and appends landed whole (two events each).
      expect(log.length).toBeGreaterThanOrEqual(version);
      expect(log.length % 2).toBe(0);
      expect(log.map((e) => e.version)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
    }
  });
});
