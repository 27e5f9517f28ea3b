import type { RichText, TextPart } from "../lib/names";

/** Values an ICU message is formatted with. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/**
 * A translator over one namespace of the catalogue (next-intl's `useTranslations`/`getTranslations`/
 * `createTranslator` all give one): the pure modules (result texts, a game's words) take one as a
 * parameter, so they stay free of React and testable in any language.
 */
export type Words = (key: string, values?: MessageValues) => string;

/** Private-use characters stand for the rich parts while the message is formatted as plain text. */
const SLOT_BASE = 0xe000;

/**
 * A message with player names (or other rich parts) in it: each slot is formatted as a placeholder and
 * the text is cut around it, so that a name stays a `PlayerLabel` and is rendered isolated
 * (docs/web.md, "Names"), wherever the language puts it.
 */
export function richMessage(
  words: Words,
  key: string,
  slots: Readonly<Record<string, RichText>>,
  values: MessageValues = {},
): RichText {
  const names = Object.keys(slots);
  const marks = Object.fromEntries(names.map((name, i) => [name, String.fromCharCode(SLOT_BASE + i)]));
  const text = words(key, { ...values, ...marks });
  const parts: TextPart[] = [];
  let plain = "";
  for (const char of text) {
    const index = char.charCodeAt(0) - SLOT_BASE;
    const slot = index >= 0 && index < names.length ? slots[names[index] ?? ""] : undefined;
    if (slot === undefined) {
      plain += char;
      continue;
    }
    if (plain !== "") parts.push(plain);
    plain = "";
    parts.push(...slot);
  }
  if (plain !== "") parts.push(plain);
  return parts;
}

/** Rich parts joined as the language lists things ("A and B", "A и B", "AとB"), through `Intl.ListFormat`. */
export function richList(locale: string, items: readonly RichText[]): RichText {
  if (items.length === 0) return [];
  const marks = items.map((_, i) => String.fromCharCode(SLOT_BASE + i));
  const parts = new Intl.ListFormat(locale, { type: "conjunction" }).formatToParts(marks);
  return parts.flatMap((part) => {
    if (part.type === "literal") return [part.value];
    const index = part.value.charCodeAt(0) - SLOT_BASE;
    return [...(items[index] ?? [])];
  });
}
