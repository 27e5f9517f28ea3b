import type { Words } from "../i18n/words";

/** A `banned` or `muted` refusal with the moderator's reason and its end (docs/protocol.md, "Moderation"). */
export interface SanctionFailure {
  readonly code: "banned" | "muted";
  readonly why: string;
  readonly until: number | null;
}

export function isSanction(failure: unknown): failure is SanctionFailure {
  if (typeof failure !== "object" || failure === null) return false;
  const f = failure as Record<string, unknown>;
  return (f.code === "banned" || f.code === "muted") && typeof f.why === "string";
}

/**
 * "You are muted until 3 May, 14:05. Reason: spamming" in the page's language (words: a translator over the `moderation` namespace); null for any other refusal.
 */
export function sanctionText(words: Words, locale: string, failure: unknown): string | null {
  if (!isSanction(failure)) return null;
  const { code, why, until } = failure;
  if (until === null) return words(code === "banned" ? "bannedForGood" : "mutedForGood", { why });
  const end = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(until);
  return words(code === "banned" ? "bannedUntil" : "mutedUntil", { why, end });
}
