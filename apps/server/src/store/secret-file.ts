import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, lstatSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { join } from "node:path";
import { errnoCode, type Opened, problem } from "./ports/startup.js";

/** 32 random bytes in base64url: what the server writes, and all it accepts back. */
const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * The server secret kept in the data folder (`DATA_DIR/secret`, mode 0600), created on first start, so
 * that guest identities and invite links survive restarts (docs/architecture.md, "Identity"). A file
 * that others may read, or that does not hold a secret this server wrote, stops start-up: silently
 * replacing it would sign everyone out, and a world-readable one lets anyone forge identities.
 */
export function loadOrCreateSecret(
  folder: string,
): Opened<{ secret: string; created: boolean; file: string }> {
  const file = join(folder, "secret");
  let mode: number;
  try {
    const stat = lstatSync(file);
    if (!stat.isFile())
      return problem("bad-secret", file, `${file} is not a regular file: remove it, or set SECRET`);
    mode = stat.mode & 0o777;
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") return unreadable(file, error);
    return create(folder, file);
  }
  if ((mode & 0o077) !== 0) {
    return problem(
      "bad-secret",
      file,
      `${file} has mode ${mode.toString(8).padStart(4, "0")}, so other users may read the server secret: ` +
        `\`chmod 600 ${file}\` (and consider it leaked: delete it to make a new one, which signs every guest out)`,
    );
  }
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch (error) {
    return unreadable(file, error);
  }
  if (!SECRET_FORMAT.test(secret)) {
    return problem(
      "bad-secret",
      file,
      `${file} does not hold a secret this server wrote (43 base64url characters): restore it, or delete it ` +
        "to make a new one (which signs every guest out), or set SECRET",
    );
  }
  return { ok: true, value: { secret, created: false, file } };
}

function unreadable(file: string, error: unknown): Opened<never> {
  return problem(
    "unwritable",
    file,
    `cannot read ${file} (${errnoCode(error) ?? String(error)}): make it readable by the user running the server`,
  );
}

/** Written whole or not at all: a temporary file, fsynced, renamed into place, and the folder fsynced. */
function create(folder: string, file: string): Opened<{ secret: string; created: boolean; file: string }> {
  const secret = randomBytes(32).toString("base64url");
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, "wx", 0o600);
    try {
      writeSync(fd, `${secret}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    const dir = openSync(folder, "r");
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch (error) {
    return problem(
      "unwritable",
      file,
      `cannot create ${file} (${errnoCode(error) ?? String(error)}): make ${folder} writable by the user ` +
        "running the server, or set SECRET",
    );
  }
  return { ok: true, value: { secret, created: true, file } };
}
