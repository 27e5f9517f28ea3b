import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "../i18n/messages/en.json";
import ru from "../i18n/messages/ru.json";
import { isSanction, sanctionText } from "./sanction-text";

const words = (messages: typeof en, locale: string) =>
  createTranslator({ locale, messages, namespace: "moderation" }) as unknown as Parameters<
    typeof sanctionText
  >[0];

describe("a ban's or a mute's words", () => {
  const until = Date.UTC(2026, 4, 3, 14, 5);

  it("say the reason and the end in the reader's language", () => {
    const muted = { code: "muted", message: "x", why: "spamming", until };
    expect(sanctionText(words(en, "en"), "en", muted)).toMatch(
      /^You are muted until .*2026.*\. Reason: spamming$/,
    );
    expect(sanctionText(words(ru, "ru"), "ru", muted)).toMatch(
      /^Вам запрещено писать в чат до .*2026.*Причина: spamming$/,
    );
    expect(sanctionText(words(en, "en"), "en", { code: "banned", why: "engine", until: null })).toBe(
      "This account is banned for good. Reason: engine",
    );
  });

  it("leave every other refusal to the error words", () => {
    expect(isSanction({ code: "rate-limited", message: "slow down" })).toBe(false);
    expect(isSanction({ code: "banned", message: "no reason given" })).toBe(false);
    expect(sanctionText(words(en, "en"), "en", { code: "quota", message: "x" })).toBeNull();
  });
});
