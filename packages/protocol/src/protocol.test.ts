import { GAME_ERROR_CODES } from "@arena/engine";
import { describe, expect, it } from "vitest";
import {
  CLIENT_EVENTS,
  ERROR_CODES,
  isClientEventName,
  MatchEvent,
  DisplayName,
  TIME_PRESETS,
  TimeControl,
} from "./index.js";

describe("client payloads", () => {
  it("accepts a well-formed move and brands it", () => {
    const parsed = CLIENT_EVENTS["match:move"].safeParse({ matchId: "m1", version: 4, move: "f5" });
    expect(parsed.success).toBe(true);
  });

  it.each([
    [{ matchId: "m1", move: "f5" }, "missing version"],
    [{ matchId: "m1", version: -1, move: "f5" }, "negative version"],
    [{ matchId: "m1", version: 1.5, move: "f5" }, "fractional version"],
    [{ matchId: "m 1", version: 1, move: "f5" }, "bad id characters"],
    [{ matchId: "m1", version: 1, move: "" }, "empty move"],
    [{ matchId: "m1", version: 1, move: "f5", extra: true }, "unknown key"],
    ["f5", "not an object"],
  ] as [unknown, string][])("refuses %j (%s)", (payload) => {
    expect(CLIENT_EVENTS["match:move"].safeParse(payload).success).toBe(false);
  });

  it("fills defaults in room:create and validates seats and clocks", () => {
    const ok = CLIENT_EVENTS["room:create"].safeParse({
      gameId: "othello",
      timeControl: { baseMs: 300_000, incrementMs: 0 },
      seats: [{ kind: "open" }, { kind: "ai", level: 1 }],
    });
    expect(ok.success && ok.data.visibility).toBe("public");
    expect(ok.success && ok.data.rated).toBe(false);
    const badSeat = CLIENT_EVENTS["room:create"].safeParse({
      gameId: "othello",
      timeControl: { baseMs: 300_000, incrementMs: 0 },
      seats: [{ kind: "robot" }],
    });
    expect(badSeat.success).toBe(false);
    expect(TimeControl.safeParse({ baseMs: 0, incrementMs: 0 }).success).toBe(false);
  });

  it("accepts every preset", () => {
    for (const preset of TIME_PRESETS) {
      expect(TimeControl.safeParse({ baseMs: preset.baseMs, incrementMs: preset.incrementMs }).success).toBe(
        true,
      );
    }
  });

  it("validates display names", () => {
    expect(DisplayName.safeParse("  Ada ").success && DisplayName.parse("  Ada ")).toBe("Ada");
    expect(DisplayName.safeParse("").success).toBe(false);
    expect(DisplayName.safeParse("x".repeat(25)).success).toBe(false);
    expect(DisplayName.safeParse("a\u0007b").success).toBe(false);
  });
});

describe("display names (issue 20, finding 7)", () => {
  const problem = (input: unknown): string | null => {
    const parsed = DisplayName.safeParse(input);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? "?");
  };

  it("are NFKC-normalised and trimmed: compatibility forms become the plain letters", () => {
    expect(DisplayName.parse("Ｗ".repeat(24))).toBe("W".repeat(24));
    expect(DisplayName.parse("ℌello ﬁsh")).toBe("Hello fish");
    expect(DisplayName.parse("A\u030A")).toBe("\u00C5");
    expect(DisplayName.parse("\u3000 Ada \u00A0")).toBe("Ada");
    // Length is counted in characters after normalising: 24 astral letters fit, a ligature may not.
    expect(DisplayName.parse("𝒜".repeat(24))).toBe("A".repeat(24));
    expect(DisplayName.parse("😀".repeat(24))).toBe("😀".repeat(24));
    expect(problem("ﬃ".repeat(9))).toBe("a name has at most 24 characters");
    expect(problem("x".repeat(10_000))).toBe("a name has at most 24 characters");
  });

  it("keep scripts, emoji sequences and the joiners they need", () => {
    for (const name of ["Zoë", "日本語の名前", "محمد", "עִבְרִית", "👩\u200D💻 Dev", "می\u200Cخواهم", "x̧"]) {
      expect(problem(name)).toBeNull();
    }
  });

  it.each([
    ["U+202E (right-to-left override)", "\u202Eevil\u202C Guest"],
    ["an unterminated U+202E", "Guest\u202E"],
    ["U+202A (left-to-right embedding)", "a\u202Ab"],
    ["U+2066 (left-to-right isolate)", "a\u2066b\u2069"],
    ["U+2069 (pop directional isolate)", "ab\u2069"],
    ["U+200E (left-to-right mark)", "a\u200Eb"],
    ["U+200F (right-to-left mark)", "a\u200Fb"],
    ["U+061C (Arabic letter mark)", "a\u061Cb"],
  ])("refuse text-direction controls: %s", (_name, input) => {
    expect(problem(input)).toBe("a name cannot contain text-direction controls (U+202E …)");
  });

  it.each([
    ["C0 BEL", "a\u0007b"],
    ["C0 ESC", "\u001b[31mred"],
    ["DEL", "a\u007Fb"],
    ["C1 NEL", "a\u0085b"],
    ["C1 CSI", "a\u009Bb"],
    ["a newline", "a\nb"],
  ])("refuse C0/C1 controls: %s", (_name, input) => {
    expect(problem(input)).toBe("a name cannot contain control characters");
  });

  it.each([
    ["a zero-width space", "Al\u200Bice"],
    ["a word joiner", "Al\u2060ice"],
    ["a byte-order mark inside", "Al\uFEFFice"],
    ["a soft hyphen", "Al\u00ADice"],
    ["a line separator", "a\u2028b"],
    ["a tag character", "a\u{E0041}"],
    ["a lone surrogate", "a\uD800"],
  ])("refuse invisible characters: %s", (_name, input) => {
    expect(problem(input)).toBe("a name cannot contain invisible characters (U+200B …)");
  });

  it.each([
    ["a Hangul filler", "\u3164"],
    ["Hangul fillers and spaces", "\u3164 \u3164"],
    ["the blank braille pattern", "\u2800\u2800"],
    ["a zero-width joiner alone", "\u200D"],
    ["combining marks alone", "\u0301\u0302"],
    ["variation selectors alone", "\uFE0F\uFE0F"],
  ])("refuse invisible-only names: %s", (_name, input) => {
    expect(problem(input)).toBe("a name needs a visible letter, digit or symbol");
  });

  it("refuse the empty name and names of spaces", () => {
    for (const input of ["", "   ", "\u3000\u00A0"])
      expect(problem(input)).toBe("a name needs at least one character");
  });

  it("names events domain:verb", () => {
    for (const name of Object.keys(CLIENT_EVENTS)) expect(name).toMatch(/^[a-z]+:[a-z-]+$/);
    expect(isClientEventName("match:move")).toBe(true);
    expect(isClientEventName("toString")).toBe(false);
  });
});

describe("error codes", () => {
  it("include every engine code and the protocol's own, once", () => {
    for (const code of GAME_ERROR_CODES) expect(ERROR_CODES).toContain(code);
    for (const code of ["invalid-payload", "unknown-event", "stale-version", "rate-limited", "internal"]) {
      expect(ERROR_CODES).toContain(code);
    }
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});

describe("match events", () => {
  it("round-trip a moved event", () => {
    const event = {
      type: "moved",
      seat: 0,
      move: "f5",
      forced: false,
      clock: {
        baseMs: 1000,
        incrementMs: 0,
        remainingMs: [1000, 1000],
        quotaMs: [0, 0],
        started: [true, false],
        running: 1,
        runningSince: 5,
      },
    };
    expect(MatchEvent.parse(event)).toEqual(event);
    expect(MatchEvent.safeParse({ type: "teleported" }).success).toBe(false);
  });
});
