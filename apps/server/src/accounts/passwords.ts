import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { COMMON_PASSWORDS } from "./common-passwords.js";
import { isGuessable } from "./strength.js";

/**
 * scrypt from node:crypto (docs/architecture.md, "Accounts"): N = 2^15, r = 8, p = 3 — one of OWASP's
 * equivalent scrypt settings (2^17/8/1, 2^16/8/2, 2^15/8/3): 32 MiB per hash, its time in
 * docs/benchmarks.md — a 16-byte random salt from the CSPRNG, a 32-byte key. It runs on libuv's thread
 * pool, never on the event loop.
 */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltLength: 16 } as const;
/** Passwords shorter than this are refused. */
export const MIN_PASSWORD_LENGTH = 8;

const PREFIX = "scrypt";

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  keyLength: number,
) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      keyLength,
      // maxmem must exceed 128·N·r (32 MiB) with room to spare.
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r },
      (error, key) => (error === null ? resolve(key) : reject(error)),
    );
  });
}

/** `scrypt$N$r$p$salt$key` (base64url): the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const key = await derive(password, salt, SCRYPT, SCRYPT.keyLength);
  return [PREFIX, SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

/** Whether `password` matches `stored`, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [prefix, n, r, p, salt, key] = stored.split("$");
  if (prefix !== PREFIX || n === undefined || r === undefined || p === undefined) return false;
  if (salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, "base64url");
  const given = await derive(
    password,
    Buffer.from(salt, "base64url"),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A hash of nothing anyone knows: a login for an unknown name is checked against it, so it costs what a
 * wrong password costs and answers the same (docs/protocol.md, "Accounts").
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("base64url"));
  return decoy;
}

export type PasswordCheck = { readonly ok: true } | { readonly ok: false; readonly message: string };

/**
 * At least 8 characters, not one of the most common passwords, not the name itself, and not easy to guess
 * by a strength estimate (accounts/strength.ts).
 */
export function checkPassword(password: string, name: string): PasswordCheck {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return { ok: false, message: `a password has at least ${MIN_PASSWORD_LENGTH} characters` };
  }
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return { ok: false, message: "that password is one of the most common" };
  if (lower.includes(name.toLowerCase()))
    return { ok: false, message: "a password must not contain the name" };
  if (isGuessable(password, name)) {
    return {
      ok: false,
      message: "that password is easy to guess (a common word, pattern or repeat); try a few unrelated words",
    };
  }
  return { ok: true };
}
