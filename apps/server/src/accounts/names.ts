import { AccountName } from "@arena/protocol";
import unhomoglyph from "unhomoglyph";

export type NameCheck =
  { readonly ok: true; readonly name: string } | { readonly ok: false; readonly message: string };

/** Names nobody may take: they would pass for the site or its staff (docs/protocol.md, "Accounts"). */
const RESERVED = new Set([
  "admin",
  "administrator",
  "arena",
  "system",
  "root",
  "moderator",
  "mod",
  "staff",
  "support",
  "official",
  "anonymous",
  "nobody",
  "null",
  "undefined",
  "api",
]);
/** Prefixes nobody may take: guests are "Guest …" and bots are told apart by a flag, not a name. */
const RESERVED_PREFIXES = ["guest", "bot"];

/** The key a name is unique by: names differing only in case are the same name. */
export const nameKey = (name: string): string => name.toLowerCase();

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * What a name looks like (Unicode TR39 skeleton, docs/protocol.md "Names"): compatibility forms folded
 * (NFKC), default-ignorable code points (ZWJ, U+034F, …) dropped, each confusable mapped to its prototype
 * (unhomoglyph: Unicode's confusables.txt), then case folded and mapped again. Names with one skeleton
 * pass for each other: "Alice", "Аlice" (Cyrillic А), "Al\u200Dice", "AIice" (capital I).
 */
export function nameSkeleton(name: string): string {
  const visible = name.normalize("NFKC").replace(IGNORABLE, "").normalize("NFD");
  return unhomoglyph(unhomoglyph(visible).normalize("NFD").toLowerCase()).normalize("NFD");
}

/** Whether `name` may be registered (shape, then the reserved list). */
export function checkAccountName(name: unknown): NameCheck {
  const parsed = AccountName.safeParse(name);
  if (!parsed.success) {
    return { ok: false, message: `a name is 3–20 letters, digits, '_' or '-'` };
  }
  const key = nameKey(parsed.data);
  if (RESERVED.has(key) || RESERVED_PREFIXES.some((prefix) => key.startsWith(prefix))) {
    return { ok: false, message: `'${parsed.data}' is reserved` };
  }
  return { ok: true, name: parsed.data };
}
