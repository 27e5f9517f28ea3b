import { z } from "zod";
import { Password } from "./accounts.js";

/** One of an account's logins, as its owner sees it (`GET /api/sessions`; docs/protocol.md, "Sessions"). */
export interface SessionView {
  readonly id: string;
  /** The session of the token that asked. */
  readonly current: boolean;
  readonly createdAt: number;
  readonly lastUsedAt: number;
  /** When it ends unless used again: 30 days after its last use, and at most 365 days after its login. */
  readonly expiresAt: number;
  /** The browser and system it logged in with ("Firefox on Linux"); "" when unknown. */
  readonly device: string;
  /** The same, apart, for a page to word in its language: "Firefox" and "Linux"; null when unknown. */
  readonly browser: string | null;
  readonly system: string | null;
  /** The address it logged in from; null when unknown. */
  readonly address: string | null;
}

export interface SessionsResponse {
  readonly sessions: readonly SessionView[];
}

/** `POST /api/password`: the old password proves it is the owner; every other session ends. */
export const PasswordChangeRequest = z.strictObject({
  oldPassword: Password,
  newPassword: Password,
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

/** The answer to `POST /api/password` and to `DELETE /api/sessions` (all but the current one). */
export interface SessionsEndedResponse {
  readonly ok: true;
  /** How many sessions ended. */
  readonly ended: number;
}
