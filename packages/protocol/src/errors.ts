import { z } from "./zod.js";
import { ERROR_CODES } from "./values/errors.js";

export * from "./values/errors.js";

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface Failure {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
}

/** Every acknowledgement: success with data, or a code from the closed set. */
export type Ack<T extends object = object> = ({ readonly ok: true } & T) | Failure;

export function failure(code: ErrorCode, message: string): Failure {
  return { ok: false, code, message };
}

export const FailureSchema = z.object({ ok: z.literal(false), code: ErrorCode, message: z.string() });

/** Sent instead of an ack when the client gave no ack callback. */
export const ErrorEvent = z.object({ event: z.string(), code: ErrorCode, message: z.string() });
export type ErrorEvent = z.infer<typeof ErrorEvent>;
