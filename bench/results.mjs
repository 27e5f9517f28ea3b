#!/usr/bin/env node
// Where benchmark results are kept: bench/results/<date>-<topic>/, each folder with a manifest.json that
// says, per file, the commit it measured, the command, the machine's load and the doc section quoting it.
// A result no doc quotes is deleted (apps/server/src/docs.test.ts checks folders against the docs).
//   node bench/results.mjs folder TOPIC               prints (and creates) bench/results/<today>-TOPIC
//   node bench/results.mjs record FILE [COMMAND...]   adds FILE's manifest entry, or sets its command
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { basename, dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const RESULTS = resolve(repo, "bench/results");

/** bench/results/<YYYY-MM-DD>-<topic>, created if missing. */
export function resultFolder(topic, now = new Date()) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(topic)) throw new Error(`topic must be kebab-case: ${topic}`);
  const folder = resolve(RESULTS, `${now.toISOString().slice(0, 10)}-${topic}`);
  mkdirSync(folder, { recursive: true });
  return folder;
}

function measuredCommit() {
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: repo, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: repo,
      encoding: "utf8",
    }).trim();
    return dirty ? `${head}+uncommitted changes` : head;
  } catch {
    return null;
  }
}

/** How this process was started, from the repository's root: `node bench/server/src/load.mjs --games …`. */
function ownCommand() {
  const [script = "", ...args] = process.argv.slice(1);
  return ["node", relative(repo, script), ...args].join(" ");
}

/**
 * Records a result file written under bench/results/<folder>/ in that folder's manifest; files written
 * elsewhere (scratch runs in /tmp) and files not written are left alone. A tool records itself; a script
 * that ran it records afterwards with its own `command`, which then replaces the tool's.
 */
export function recordResult(file, command) {
  const path = resolve(file);
  const rel = relative(RESULTS, path);
  if (rel.startsWith("..") || !rel.includes("/") || !existsSync(path)) return;
  const manifestPath = resolve(dirname(path), "manifest.json");
  const manifest = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, "utf8"))
    : { about: "commit: the commit checked out when the file was recorded", files: {} };
  const name = basename(path);
  const known = manifest.files[name];
  if (known && command === undefined) return;
  manifest.files[name] = known
    ? { ...known, command }
    : {
        commit: measuredCommit(),
        snapshot: process.env.ARENA_SNAPSHOT ?? null,
        command: command ?? ownCommand(),
        load: `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(", ")} when recorded`,
        quotedIn: [],
      };
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + "\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [verb, arg, ...rest] = process.argv.slice(2);
  if (verb === "folder" && arg) console.log(relative(process.cwd(), resultFolder(arg)) || ".");
  else if (verb === "record" && arg) recordResult(arg, rest.join(" ") || undefined);
  else {
    console.error("usage: results.mjs folder TOPIC | record FILE [COMMAND...]");
    process.exit(2);
  }
}
