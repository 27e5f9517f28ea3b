import { z } from "./zod.js";
import { NOTIFICATION_KINDS } from "./notifications.js";
import { EMAIL_LANGUAGES } from "./values/email.js";

export * from "./values/email.js";

/** Every notification kind may be mailed (docs/protocol.md, "E-mail"). */
export const EMAIL_KINDS = NOTIFICATION_KINDS;
export const EmailKind = z.enum(EMAIL_KINDS);
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EmailLanguage = z.enum(EMAIL_LANGUAGES);
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

/** An address as RFC 5321 bounds it (254 characters), in the usual shape. */
export const EmailAddress = z.string().trim().max(254).pipe(z.email());

/** `POST /api/account/email`. */
export const SetEmailRequest = z.object({ address: EmailAddress, language: EmailLanguage.optional() });
export type SetEmailRequest = z.infer<typeof SetEmailRequest>;

/** `POST /api/account/email/kinds`: the kinds named are set, the others kept. */
export const SetEmailKindsRequest = z.object({ kinds: z.partialRecord(EmailKind, z.boolean()) });
export type SetEmailKindsRequest = z.infer<typeof SetEmailKindsRequest>;

/** `GET /api/account/email`. */
export interface EmailSettingsResponse {
  readonly ok: true;
  readonly address: string | null;
  readonly verified: boolean;
  readonly language: EmailLanguage;
  readonly kinds: Record<EmailKind, boolean>;
  /** False when the server has no SMTP_URL: nothing is mailed, whatever the settings. */
  readonly sending: boolean;
}
