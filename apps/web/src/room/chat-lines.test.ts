import { asMillis, asUserId, type ChatLine } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { wordsIn } from "../test-support/words";
import {
  type ChatRefusal,
  charactersLeft,
  counterShown,
  linesOf,
  mergeLines,
  refusalText,
} from "./chat-lines";

const line = (
  id: string,
  at: number,
  channel: ChatLine["channel"] = "players",
  author = "u_a",
): ChatLine => ({
  id,
  channel,
  author: { id: asUserId(author), name: "A", account: false, bot: false },
  text: id,
  at: asMillis(at),
});

describe("the chat panel's lines", () => {
  it("keeps each line once, in the order said", () => {
    const history = [line("a", 1), line("b", 2)];
    const merged = mergeLines(mergeLines([], history), [line("c", 3), line("b", 2)]);
    expect(merged.map((l) => l.id)).toEqual(["a", "b", "c"]);
    // A live line that came before the history it belongs after.
    expect(mergeLines([line("c", 3)], history).map((l) => l.id)).toEqual(["a", "b", "c"]);
    const held = [line("a", 1)];
    expect(mergeLines(held, [line("a", 1)])).toBe(held);
  });

  it("shows one channel without muted users' lines", () => {
    const lines = [line("a", 1), line("b", 2, "spectators"), line("c", 3, "players", "u_b")];
    expect(linesOf(lines, "players", ["u_b"]).map((l) => l.id)).toEqual(["a"]);
    expect(linesOf(lines, "spectators", []).map((l) => l.id)).toEqual(["b"]);
  });

  it("counts characters as the server does", () => {
    expect(charactersLeft("")).toBe(140);
    expect(charactersLeft("  😀 ")).toBe(139);
    expect(charactersLeft("x".repeat(141))).toBe(-1);
  });

  it("shows the counter only near the limit", () => {
    expect(counterShown(charactersLeft("x".repeat(100)))).toBe(false);
    expect(counterShown(charactersLeft("x".repeat(120)))).toBe(true);
    expect(counterShown(charactersLeft("x".repeat(141)))).toBe(true);
  });

  it("words refusals, with the wait for a flood, in the page's language", () => {
    const text = (locale: "en" | "ru" | "ja", refusal: ChatRefusal) =>
      refusalText(refusal, wordsIn(locale, "chat") as never, wordsIn(locale, "errors") as never, locale);
    const flood: ChatRefusal = { ok: false, code: "rate-limited", message: "", retryAfterMs: 4_200 };
    expect(text("en", flood)).toContain("5 s");
    expect(text("ru", flood)).toContain("5 с");
    expect(text("en", { ok: false, code: "chat-closed", message: "x" })).toContain("closed");
    expect(text("ja", { ok: false, code: "chat-closed", message: "x" })).toContain("観戦者チャット");
    expect(text("en", { ok: false, code: "internal", message: "the server said so" })).toBe(
      "the server said so",
    );
    expect(text("ru", { ok: false, code: "internal", message: "the server said so" })).toBe(
      wordsIn("ru", "errors")("internal"),
    );
  });
});
