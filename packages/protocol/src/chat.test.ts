import { describe, expect, it } from "vitest";
import { CLIENT_EVENTS, cleanChatText, ERROR_CODES, MAX_CHAT_CHARS } from "./index.js";

function say(text: unknown) {
  return CLIENT_EVENTS["chat:say"].safeParse({ matchId: "m1", channel: "players", text });
}

/** The cleaned text of a line, or its refusal's code. */
function cleaned(text: string): string {
  const result = cleanChatText(text);
  return result.ok ? result.text : `refused: ${result.code}`;
}

describe("chat text (docs/protocol.md, Chat)", () => {
  it("keeps HTML and script as the literal characters typed", () => {
    expect(cleaned("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
    expect(cleaned(`<img src=x onerror="alert(1)"> &amp;`)).toBe(`<img src=x onerror="alert(1)"> &amp;`);
  });

  it("strips C0 and C1 controls and DEL, and turns line breaks and tabs into spaces", () => {
    expect(cleaned("a\u0000b\u0007c\u001bd\u007fe\u0085f\u009bg")).toBe("abcde fg");
    expect(cleaned("one\ntwo\r\nthree\tfour")).toBe("one two  three four");
  });

  it("strips text-direction controls, which would turn the page's text around", () => {
    expect(cleaned("\u202Eevil\u202C gg \u2066x\u2069\u200F\u061C")).toBe("evil gg x");
  });

  it("normalises to NFC and keeps the user's own characters (no compatibility folding)", () => {
    expect(cleaned("e\u0301")).toBe("\u00e9");
    expect(cleaned("ｆｕｌｌ ﬁ 👍🏽 👨‍👩‍👧")).toBe("ｆｕｌｌ ﬁ 👍🏽 👨‍👩‍👧");
  });

  it("refuses a line with nothing left after cleaning", () => {
    expect(cleaned("")).toBe("refused: chat-empty");
    expect(cleaned("   \n\t ")).toBe("refused: chat-empty");
    expect(cleaned("\u0000\u202E\u0007")).toBe("refused: chat-empty");
  });

  it("takes 140 characters, counted by code point, and refuses 141 rather than cutting it", () => {
    expect(cleaned("a".repeat(MAX_CHAT_CHARS))).toBe("a".repeat(140));
    expect(cleaned("a".repeat(141))).toBe("refused: chat-too-long");
    // 140 emoji are 280 UTF-16 units and still one line.
    expect(cleaned("😀".repeat(140))).toBe("😀".repeat(140));
    expect(cleaned("😀".repeat(141))).toBe("refused: chat-too-long");
    // Trimmed first: spaces around the text do not count.
    expect(cleaned(` ${"a".repeat(140)} `)).toBe("a".repeat(140));
  });

  it("parses chat:say into the cleaned text or its refusal, each code in the closed set", () => {
    const ok = say("  <b>hi</b>\u0007 ");
    expect(ok.success && ok.data.text).toEqual({ ok: true, text: "<b>hi</b>" });
    const long = say("x".repeat(141));
    expect(long.success && long.data.text).toEqual({ ok: false, code: "chat-too-long" });
    expect(ERROR_CODES).toEqual(expect.arrayContaining(["chat-empty", "chat-too-long", "chat-closed"]));
    expect(say(42).success).toBe(false);
    expect(CLIENT_EVENTS["chat:say"].safeParse({ matchId: "m1", channel: "all", text: "hi" }).success).toBe(
      false,
    );
  });
});
