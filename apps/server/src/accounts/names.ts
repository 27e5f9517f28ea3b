import { AccountName } from "@arena/protocol";

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
