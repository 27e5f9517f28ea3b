import { z } from "zod";
import { Password } from "./accounts.js";

/** `POST /api/account/close` (docs/protocol.md, "Closing an account"): the password proves it is the owner. */
export const AccountCloseRequest = z.strictObject({ password: Password });
export type AccountCloseRequest = z.infer<typeof AccountCloseRequest>;

/** The answer to `POST /api/account/close`: every session ended, this one too. */
export interface AccountClosedResponse {
  readonly ok: true;
  readonly closedAt: number;
}

/** `POST /api/password/reset` (docs/protocol.md, "Password reset"): always answered `{ok: true}`. */
export const PasswordResetRequest = z.strictObject({ name: z.string().trim().min(1).max(64) });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** A reset link's token, as mailed (base64url). */
export const ResetToken = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, "a reset token");

/** `POST /api/password/reset/confirm`: the mailed token and the new password. */
export const PasswordResetConfirmRequest = z.strictObject({ token: ResetToken, newPassword: Password });
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;

/** The files of `GET /api/account/export`'s zip (docs/protocol.md, "Export"), besides `games/`. */
export const EXPORT_FILES = [
  "profile.json",
  "ratings.json",
  "chat.json",
  "sessions.json",
  "notifications.json",
  "email.json",
  "vacation.json",
] as const;
