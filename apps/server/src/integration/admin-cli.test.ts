// `arena admin grant|revoke <name>` (docs/protocol.md, "Moderation"): the built admin entry, spawned with
// a server's environment, grants the role in the server's SQLite folder, beside a running server too, and
// writes each grant to the audit log by "console".
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { asUserId } from "@arena/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../store/backend.js";
import { SqliteStore } from "../store/sqlite/matches.js";
import { SqliteModerationStore } from "../store/sqlite/moderation.js";
import { SqlitePlayerStore } from "../store/sqlite/players.js";

/** The built entry `arena admin` runs (turbo builds the server before its tests). */
const ADMIN_MAIN = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/admin/main.js");

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function openFolder(folder: string) {
  const opened = await SqliteStore.open(join(folder, DATABASE_FILE));
  if (!opened.ok) throw new Error(opened.problem.message);
  const store = opened.value;
  return {
    store,
    players: new SqlitePlayerStore(store.connection),
    moderation: new SqliteModerationStore(store.connection),
  };
}

function admin(folder: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [ADMIN_MAIN, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: folder, STORE: "sqlite" },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("arena admin (the built entry, SQLite)", () => {
  it("grants and revokes the moderator role, with or without a server on the folder", async () => {
    const folder = mkdtempSync(join(tmpdir(), "arena-admin-"));
    folders.push(folder);
    const id = asUserId("u_admincli");
    let opened = await openFolder(folder);
    await opened.players.createAccount({
      id,
      name: "Moderna",
      nameKey: "moderna",
      bot: false,
      passwordHash: "scrypt$1$1$1$x$y",
      createdAt: 1_000,
    });
    await opened.store.close();

    expect(admin(folder, "grant", "moderna")).toMatchObject({ code: 0, stdout: "Moderna is a moderator\n" });
    const nobody = admin(folder, "grant", "Nobody");
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/no account named 'Nobody'/);
    expect(admin(folder, "promote", "Moderna").code).toBe(2);

    // A server holds the folder's lock: the command works beside it, and the server sees the change.
    opened = await openFolder(folder);
    expect(await opened.moderation.isModerator(id)).toBe(true);
    expect(admin(folder, "revoke", "Moderna")).toMatchObject({
      code: 0,
      stdout: "Moderna is not a moderator\n",
    });
    expect(await opened.moderation.isModerator(id)).toBe(false);
    const audit = await opened.moderation.audit(10, id);
    expect(audit.map((entry) => [entry.action, entry.by, entry.target?.name])).toEqual([
      ["revoke", "console", "Moderna"],
      ["grant", "console", "Moderna"],
    ]);
    await opened.store.close();
  });
});
