import { type Result, err, ok } from "@arena/engine/core/result";

/** Why a strategy spec was refused; the message names the spec and what is wrong. */
export interface SpecError {
  readonly code: "invalid-spec";
  readonly message: string;
}

export function specError(message: string): { readonly ok: false; readonly error: SpecError } {
  return err({ code: "invalid-spec", message });
}

/** Splits "alpha-beta:4:weighted-squares" into its name and arguments. */
export function splitSpec(spec: string): { name: string; args: string[] } {
  const [name = "", ...args] = spec.trim().split(":");
  return { name: name.toLowerCase(), args: args.map((arg) => arg.trim().toLowerCase()) };
}

/** A whole number in [min, max] written in a spec. */
export function readInt(
  spec: string,
  what: string,
  text: string | undefined,
  min: number,
  max: number,
): Result<number, SpecError> {
  const value = text === undefined || !/^\d+$/.test(text) ? NaN : Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    return specError(`${spec}: ${what} must be a whole number from ${min} to ${max}`);
  }
  return ok(value);
}

export function expectArgs(
  spec: string,
  args: readonly string[],
  count: number,
  usage: string,
): Result<null, SpecError> {
  return args.length === count ? ok(null) : specError(`${spec}: expected ${usage}`);
}
