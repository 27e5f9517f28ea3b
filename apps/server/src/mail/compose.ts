import { type OutgoingMail } from "../store/ports/mail-queue.js";
import { fill, MAIL_TEXTS, type MailKind, type MailLanguage } from "./messages.js";

/**
 * A notification as the inbox (notifications/) hands it over; declared here, in this one place, so that
 * the mail side builds without it (the inbox's listener calls `mailFor` with its own).
 */
export interface MailableNotification {
  readonly id: string;
  readonly kind: MailKind;
  readonly matchId?: string;
  readonly tournamentId?: string;
  readonly createdAt: number;
  readonly read: boolean;
  /** Who caused it (an invitation's sender), by name. */
  readonly from?: string;
  readonly gameId?: string;
}

/** Where a notification leads: its match, else its tournament, else the site. */
export function notificationLink(origin: string, n: MailableNotification): string {
  if (n.matchId !== undefined) return `${origin}/play/${encodeURIComponent(n.matchId)}`;
  if (n.tournamentId !== undefined) return `${origin}/tournaments/${encodeURIComponent(n.tournamentId)}`;
  return `${origin}/`;
}

export const unsubscribeLink = (origin: string, token: string) =>
  `${origin}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;

/** The web page that asks for a new password (docs/protocol.md, "Password reset"). */
export const resetLink = (origin: string, token: string) =>
  `${origin}/reset?token=${encodeURIComponent(token)}`;

export const verifyLink = (origin: string, token: string) =>
  `${origin}/api/email/verify?token=${encodeURIComponent(token)}`;

/**
 * A notification's mail: its words in `language`, the link to what it is about, and a one-click
 * unsubscribe (RFC 8058: the List-Unsubscribe URL answers a POST without signing in).
 */
export function notificationMail(
  to: string,
  language: MailLanguage,
  origin: string,
  n: MailableNotification,
  unsubscribeToken: string,
): OutgoingMail {
  const texts = MAIL_TEXTS[language];
  const words = texts.kinds[n.kind];
  const unsubscribe = unsubscribeLink(origin, unsubscribeToken);
  const values = { from: n.from ?? texts.someone };
  return {
    to,
    subject: fill(words.subject, values),
    text: [
      fill(words.body, values),
      "",
      fill(texts.open, { link: notificationLink(origin, n) }),
      "",
      "--",
      fill(texts.unsubscribe, { link: unsubscribe }),
      "",
    ].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The mail that proves an address is its account's. */
export function verificationMail(
  to: string,
  language: MailLanguage,
  origin: string,
  token: string,
): OutgoingMail {
  const texts = MAIL_TEXTS[language];
  return {
    to,
    subject: texts.verifySubject,
    text: `${fill(texts.verifyBody, { link: verifyLink(origin, token) })}\n`,
    headers: {},
  };
}

/** The mail with a single-use link to choose a new password. */
export function passwordResetMail(
  to: string,
  language: MailLanguage,
  origin: string,
  name: string,
  token: string,
): OutgoingMail {
  const texts = MAIL_TEXTS[language];
  return {
    to,
    subject: texts.resetSubject,
    text: `${fill(texts.resetBody, { name, link: resetLink(origin, token) })}\n`,
    headers: {},
  };
}
