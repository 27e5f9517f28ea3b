import { z } from "./zod.js";
import { Millis, UserId } from "./ids.js";
import { type Failure } from "./errors.js";
import { CHAT_CHANNELS, CHAT_PHRASES, MAX_CHAT_CHARS, type ChatTextRefusal } from "./values/chat.js";

export * from "./values/chat.js";

export const ChatChannel = z.enum(CHAT_CHANNELS);
export type ChatChannel = z.infer<typeof ChatChannel>;

/** A line's text once cleaned: 1–140 characters, no control or text-direction character. */
export type ChatText = string & z.core.$brand<"ChatText">;

// Line breaks and tabs become spaces: a line is one line.
const SPACING = /[\t\n\v\f\r\u0085\u2028\u2029]/gu;
// C0 and C1 controls and DEL (general category Cc).
const CONTROLS = /\p{Cc}/gu;
// Text-direction embeddings, overrides, isolates and marks (U+202A–202E, U+2066–2069, U+200E/F, U+061C):
// an unterminated one would turn the page's text after the line around.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/**
 * A line's text as typed → its cleaned text, or why it is refused (docs/protocol.md, "Chat"): NFC
 * (the user's own characters are kept, unlike names' NFKC), line breaks and tabs as spaces, controls and
 * text-direction controls removed, trimmed; then empty is `chat-empty` and more than 140 characters is
 * `chat-too-long` (never cut short). HTML is text like any other: pages render it as text.
 */
export function cleanChatText(
  raw: string,
): { readonly ok: true; readonly text: ChatText } | { readonly ok: false; readonly code: ChatTextRefusal } {
  const text = raw
    .normalize("NFC")
    .replace(SPACING, " ")
    .replace(CONTROLS, "")
    .replace(BIDI_CONTROLS, "")
    .trim();
  if (text === "") return { ok: false, code: "chat-empty" };
  // Counted by code point; a string with more UTF-16 units than the limit allows may still fit.
  if (text.length > MAX_CHAT_CHARS && [...text].length > MAX_CHAT_CHARS) {
    return { ok: false, code: "chat-too-long" };
  }
  return { ok: true, text: text as ChatText };
}

/**
 * The text of `chat:say`, parsed at the edge into the cleaned text or its refusal (a closed union the route
 * answers with its code). The payload's size limit bounds the raw string.
 */
export const ChatInput = z.string().transform(cleanChatText);
export type ChatInput = z.output<typeof ChatInput>;

export const ChatPhrase = z.enum(CHAT_PHRASES);
export type ChatPhrase = z.infer<typeof ChatPhrase>;

/** What a line says: typed text, or a quick phrase by its id. */
export type ChatContent = { readonly text: ChatText } | { readonly phrase: ChatPhrase };

/**
 * Who said a line: the user, their name when they said it, whether it is a registered account (false for a
 * guest, and for lines stored before the mark existed) and whether the account is a bot.
 */
export const ChatAuthor = z.object({
  id: UserId,
  name: z.string(),
  account: z.boolean().default(false),
  bot: z.boolean(),
});
export type ChatAuthor = z.infer<typeof ChatAuthor>;

/** One line of a match's chat, as stored and as sent (`chat:line`, `chat:history`). */
export const ChatLine = z.object({
  id: z.string(),
  channel: ChatChannel,
  author: ChatAuthor,
  /** Cleaned text; pages render it as text, never as HTML. Empty for a quick phrase. */
  text: z.string(),
  /** A quick phrase's id, which each page words in its own language (absent for typed text). */
  phrase: ChatPhrase.optional(),
  /** Server time it was said. */
  at: Millis,
});
export type ChatLine = z.infer<typeof ChatLine>;

/** A user's mute of another user in one match (docs/protocol.md, "Chat"). */
export interface ChatMute {
  readonly user: UserId;
  readonly muted: UserId;
}

/** `rate-limited` with how long to wait before the next line is taken (`chat:say`). */
export interface RateLimited extends Failure {
  readonly code: "rate-limited";
  readonly retryAfterMs: number;
}
