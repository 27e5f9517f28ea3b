import { type GameError, gameError } from "./errors.js";
import { type Result, err, ok } from "./result.js";
import { listExcerpt } from "./excerpt.js";

/** A plain object from untrusted input, or an error saying what was wrong. */
export function readRecord(input: unknown, what: string): Result<Record<string, unknown>, GameError> {
  if (input === undefined || input === null) return ok({});
  if (typeof input !== "object" || Array.isArray(input)) {
    return err(gameError("invalid-options", `${what} must be an object`));
  }
  return ok(input as Record<string, unknown>);
}

/** An integer field within [min, max], or its default when absent. */
export function readInt(
  record: Record<string, unknown>,
  key: string,
  range: { readonly min: number; readonly max: number; readonly fallback: number },
): Result<number, GameError> {
  const value = record[key];
  if (value === undefined) return ok(range.fallback);
  if (typeof value !== "number" || !Number.isInteger(value) || value < range.min || value > range.max) {
    return err(gameError("invalid-options", `${key} must be an integer from ${range.min} to ${range.max}`));
  }
  return ok(value);
}

/** One of a closed set of strings, or its default when absent. */
export function readChoice<T extends string>(
  record: Record<string, unknown>,
  key: string,
  choices: readonly T[],
  fallback: T,
): Result<T, GameError> {
  const value = record[key];
  if (value === undefined) return ok(fallback);
  if (typeof value !== "string" || !(choices as readonly string[]).includes(value)) {
    return err(gameError("invalid-options", `${key} must be one of ${choices.join(", ")}`));
  }
  return ok(value as T);
}

/** Rejects keys the options do not know, so a typo is not silently ignored. */
export function rejectUnknownKeys(
  record: Record<string, unknown>,
  known: readonly string[],
): Result<null, GameError> {
  const unknown = Object.keys(record).filter((key) => !known.includes(key));
  if (unknown.length > 0)
    return err(gameError("invalid-options", `unknown option(s): ${listExcerpt(unknown)}`));
  return ok(null);
}
