import { z } from "./zod.js";
import { MAX_NAME_CHARS } from "./values/ids.js";

export * from "./values/ids.js";

/** Ids are opaque on the wire: brands stop a UserId being passed where a MatchId is wanted. */
const token = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.-]+$/, "only letters, digits, '_', '.' and '-'");

export const MatchId = token.brand<"MatchId">();
export type MatchId = z.infer<typeof MatchId>;

export const UserId = token.brand<"UserId">();
export type UserId = z.infer<typeof UserId>;

/** The secret in a room's invite link; lets its holder see a link-only room and take a reserved seat. */
export const InviteToken = token.brand<"InviteToken">();
export type InviteToken = z.infer<typeof InviteToken>;

/** The number of events a match has had; a command names the version it was based on. */
export const Version = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).brand<"Version">();
export type Version = z.infer<typeof Version>;

/** Milliseconds, as a non-negative integer (durations and server timestamps). */
export const Millis = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).brand<"Millis">();
export type Millis = z.infer<typeof Millis>;

export const Seat = z.number().int().min(0).max(15);

// Text-direction controls: embeddings, overrides and isolates, and the marks (U+202A–202E, U+2066–2069,
// U+200E/F, U+061C). "\u202Eevil\u202C Guest" reads "live Guest", and an unterminated one turns the page's
// text after the name around.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
// C0 and C1 controls and DEL (general category Cc).
const CONTROL = /\p{Cc}/u;
// Other invisible formatting (Cf: zero-width space U+200B, word joiner, BOM, tags, …), line and paragraph
// separators, and lone surrogates. The zero-width (non-)joiners U+200C/D stay: emoji sequences and
// several scripts need them.
const INVISIBLE = /(?![\u200C\u200D])[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
// Letters that draw nothing (the Hangul fillers, the blank braille pattern): a name of them looks empty.
const BLANK_LETTERS = new Set(["\u115F", "\u1160", "\u3164", "\uFFA0", "\u2800"]);
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

function hasVisible(name: string): boolean {
  for (const char of name) if (VISIBLE.test(char) && !BLANK_LETTERS.has(char)) return true;
  return false;
}

/**
 * A player's name as everyone sees it (docs/protocol.md, "Connecting and identity"): Unicode-normalised
 * (NFKC, so look-alike compatibility forms such as full-width letters become the plain ones) and
 * trimmed, then 1–24 characters with at least one visible letter, digit, punctuation mark or symbol,
 * and no control, text-direction or other invisible formatting character. Names need not be unique:
 * pages tell players with the same name apart by a short id.
 */
export const DisplayName = z
  .string()
  // Refuses a huge string before normalising it.
  .max(MAX_NAME_CHARS * 8, `a name has at most ${MAX_NAME_CHARS} characters`)
  .transform((raw) => raw.normalize("NFKC").trim())
  .pipe(
    z
      .string()
      .min(1, "a name needs at least one character")
      .refine((name) => [...name].length <= MAX_NAME_CHARS, `a name has at most ${MAX_NAME_CHARS} characters`)
      .refine((name) => !BIDI_CONTROL.test(name), "a name cannot contain text-direction controls (U+202E …)")
      .refine((name) => !CONTROL.test(name), "a name cannot contain control characters")
      .refine((name) => !INVISIBLE.test(name), "a name cannot contain invisible characters (U+200B …)")
      .refine(hasVisible, "a name needs a visible letter, digit or symbol"),
  );
export type DisplayName = z.infer<typeof DisplayName>;
