#!/usr/bin/env node
// What a commit costs the SQLite store, and so the event loop (better-sqlite3 is synchronous): appends of one
// move-sized event (~250 bytes of JSON) spread over --matches games, committed --batch at a time (1 = a
// transaction per append; more = the group commit of one event-loop turn), at synchronous FULL and NORMAL
// (WAL mode and the store's schema, from the built server; exclusive locking mode, which the store used when
// the figures in docs/benchmarks.md were taken; automatic checkpoints on, as then). Prints one JSON
// line per combination: µs per append, and each commit's duration (the time the loop is blocked) p50/p99/max.
//   node bench/server/src/sqlite-commit.mjs --appends 20000 --matches 1000 --batches "1 4 16"
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./paths.mjs";
import { parseArgs, summarize } from "./stats.mjs";

const args = parseArgs(process.argv.slice(2));
const appends = Number(args.appends ?? 20_000);
const matches = Number(args.matches ?? 1_000);
const batches = (args.batches ?? "1 4 16").split(/\s+/).map(Number);
const levels = (args.levels ?? "full normal").split(/\s+/);

const serverDir = resolve(root, "apps/server");
const Database = createRequire(join(serverDir, "package.json"))("better-sqlite3");
const { MIGRATIONS, migrate } = await import(
  pathToFileURL(join(serverDir, "dist/store/sqlite/schema.js")).href
);

const clock = { baseMs: 600000, incrementMs: 5000, remainingMs: [512345, 498765], quotaMs: [450, 450] };
const entry = (version) =>
  JSON.stringify({
    version,
    at: Date.now(),
    event: {
      type: "moved",
      seat: version % 2,
      move: "d3",
      forced: false,
      clock: { ...clock, started: [true, true], running: (version + 1) % 2, runningSince: Date.now() },
    },
  });

for (const level of levels) {
  for (const batch of batches) {
    const folder = mkdtempSync(join(tmpdir(), "arena-commit-"));
    const db = new Database(join(folder, "arena.db"));
    db.pragma("locking_mode = EXCLUSIVE");
    db.pragma("journal_mode = WAL");
    migrate(db, MIGRATIONS);
    db.pragma(`synchronous = ${level.toUpperCase()}`);
    db.pragma("cache_size = -32768");
    const head = db
      .prepare("SELECT version FROM match_events WHERE match_id = ? ORDER BY version DESC LIMIT 1")
      .pluck();
    const insert = db.prepare("INSERT INTO match_events (match_id, version, entry) VALUES (?, ?, ?)");
    const versions = new Array(matches).fill(0);
    // The store's compare-and-set append: read the head, insert after it.
    const commit = db.transaction((items) => {
      for (const m of items) {
        const id = `m_${m}`;
        const v = head.get(id) ?? 0;
        insert.run(id, v + 1, entry(v + 1));
        versions[m] = v + 1;
      }
    });
    const durations = [];
    const t0 = process.hrtime.bigint();
    for (let done = 0; done < appends; done += batch) {
      const items = [];
      for (let i = 0; i < batch; i++) items.push((done + i) % matches);
      const t = process.hrtime.bigint();
      commit(items);
      durations.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const totalMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const s = summarize(durations);
    console.log(
      JSON.stringify({
        synchronous: level,
        batch,
        appends,
        usPerAppend: +((totalMs * 1000) / appends).toFixed(1),
        commitMs: { p50: +s.p50.toFixed(3), p99: +s.p99.toFixed(3), max: +s.max.toFixed(2), n: s.n },
      }),
    );
    db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
