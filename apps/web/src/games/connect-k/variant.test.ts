import { describe, expect, it } from "vitest";
import { wordsIn } from "../../test-support/words";
import { connectKVariant } from "./index";

/** A room's name as the pages show it, in one language. */
function nameOf(options: unknown, locale: "en" | "ru" | "ja"): string | null {
  const variant = connectKVariant(options);
  return variant === null ? null : wordsIn(locale, "games.connect-k")(variant.key, variant.values);
}

describe("connectKVariant", () => {
  it("names a room by its board, never as the family or a raw id", () => {
    expect(nameOf({ preset: "connect-four" }, "en")).toBe("Connect Four");
    expect(nameOf({}, "en")).toBe("Connect Four");
    expect(nameOf({ preset: "trilobite" }, "ru")).toBe("Трилобит");
    expect(nameOf({ preset: "tiny" }, "ja")).toBe("ミニ盤（3×3）");
    // A custom board of a preset's sizes is that preset; any other is named by its sizes.
    expect(nameOf({ preset: "custom", width: 7, height: 6, k: 4 }, "en")).toBe("Connect Four");
    expect(nameOf({ width: 9, height: 7, k: 5 }, "en")).toBe("5 in a row (9 × 7)");
    expect(nameOf({ width: 9, height: 7, k: 5 }, "ja")).toBe("5目並べ（9×7）");
    expect(nameOf({ width: "wide" }, "en")).toBeNull();
  });
});
