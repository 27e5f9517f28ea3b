import unhomoglyph from "unhomoglyph";

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
