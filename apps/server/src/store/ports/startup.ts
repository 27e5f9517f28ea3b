/** Why the server cannot use its data folder; each stops start-up (docs/reliability.md, "SQLite store"). */
export const STARTUP_PROBLEMS = [
  "unwritable",
  "locked",
  "not-a-database",
  "corrupt",
  "newer-schema",
  "disk-full",
  "io-error",
  "bad-secret",
] as const;
export type StartupProblemCode = (typeof STARTUP_PROBLEMS)[number];

export interface StartupProblem {
  readonly code: StartupProblemCode;
  /** The file or folder at fault. */
  readonly path: string;
  /** What is wrong with `path` and what the operator can do about it. */
  readonly message: string;
}

export type Opened<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: StartupProblem };

export function problem(code: StartupProblemCode, path: string, message: string): Opened<never> {
  return { ok: false, problem: { code, path, message } };
}

/** The errno code of a failed file system call, if it is one. */
export function errnoCode(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  return typeof error.code === "string" ? error.code : null;
}
