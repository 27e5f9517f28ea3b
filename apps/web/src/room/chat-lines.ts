import type { ChatChannel, ChatLine, Failure } from "@arena/protocol";
import { MAX_CHAT_CHARS } from "@arena/protocol/values";
import { type ErrorWords, failureText } from "../i18n/errors";

/**
 * The lines a page holds, with more added: each once (a line can come both in the history and as it was
 * said, and the sender's own in its ack), in the order said (server time; arrival order for equal times).
 */
export function mergeLines(held: readonly ChatLine[], more: readonly ChatLine[]): readonly ChatLine[] {
  const ids = new Set(held.map((line) => line.id));
  const added = more.filter((line) => !ids.has(line.id) && ids.add(line.id));
  if (added.length === 0) return held;
  return [...held, ...added].sort((a, b) => a.at - b.at);
}

/** The lines of one channel, without those of muted users. */
export function linesOf(
  lines: readonly ChatLine[],
  channel: ChatChannel,
  muted: readonly string[],
): readonly ChatLine[] {
  return lines.filter((line) => line.channel === channel && !muted.includes(line.author.id));
}

/** How many more characters the input takes (negative past the limit), counted as the server does. */
export function charactersLeft(text: string): number {
  return MAX_CHAT_CHARS - [...text.normalize("NFC").trim()].length;
}

/** Characters left at which the counter shows (it stays hidden while the line is short). */
export const COUNTER_FROM = 20;

/** Whether the counter shows: near the limit, or past it (a pasted line counted otherwise than typed). */
export function counterShown(left: number): boolean {
  return left <= COUNTER_FROM;
}

/** A refusal of a chat command, with the wait the server asks for after a flood. */
export type ChatRefusal = Failure & { readonly retryAfterMs?: number };

/**
 * A refusal as the panel words it: the chat's own words for its refusals (the wait after a flood, an
 * empty or too long line, a closed channel), the error code's words otherwise.
 *
 * @param chat a translator over the `chat` namespace
 * @param errors a translator over the `errors` namespace
 */
export function refusalText(
  refusal: ChatRefusal,
  chat: ErrorWords,
  errors: ErrorWords,
  locale: string,
): string {
  if (refusal.code === "rate-limited") {
    return chat("rateLimited", { seconds: Math.max(1, Math.ceil((refusal.retryAfterMs ?? 1_000) / 1_000)) });
  }
  const key = `refusal.${refusal.code}`;
  return chat.has(key) ? chat(key) : failureText(errors, locale, refusal);
}
