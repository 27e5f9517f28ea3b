import { describe, expect, it } from "vitest";
import { notificationMail, passwordResetMail, verificationMail } from "./compose.js";
import { MAIL_KINDS, MAIL_LANGUAGES, MAIL_TEXTS } from "./messages.js";

const ORIGIN = "https://arena.example.org";

describe("notification mails", () => {
  it("link to the match, carry a one-click unsubscribe, in every language and kind", () => {
    for (const language of MAIL_LANGUAGES) {
      for (const kind of MAIL_KINDS) {
        const mail = notificationMail(
          "b@example.org",
          language,
          ORIGIN,
          { id: "n1", kind, matchId: "m 1", createdAt: 0, read: false, from: "Ann" },
          "tok",
        );
        expect(mail.subject.length).toBeGreaterThan(0);
        expect(mail.text).toContain(`${ORIGIN}/play/m%201`);
        expect(mail.text).toContain(`${ORIGIN}/api/email/unsubscribe?token=tok`);
        expect(mail.headers).toEqual({
          "List-Unsubscribe": `<${ORIGIN}/api/email/unsubscribe?token=tok>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        });
        if (kind === "invitation") expect(mail.text).toContain("Ann");
      }
    }
  });

  it("link a tournament's notification to the tournament, and name someone when nobody is named", () => {
    const mail = notificationMail(
      "b@example.org",
      "en",
      ORIGIN,
      { id: "n1", kind: "tournament-invitation", tournamentId: "t1", createdAt: 0, read: false },
      "tok",
    );
    expect(mail.text).toContain(`${ORIGIN}/tournaments/t1`);
    expect(mail.text).toContain("A player invites you");
  });

  it("password reset mails carry the reset page's link and the account's name", () => {
    const mail = passwordResetMail("b@example.org", "ru", ORIGIN, "Ada", "r-1");
    expect(mail.text).toContain(`${ORIGIN}/reset?token=r-1`);
    expect(mail.text).toContain("Ada");
    expect(mail.subject).toBe("Сброс пароля");
  });

  it("verification mails carry the verify link", () => {
    expect(verificationMail("b@example.org", "ja", ORIGIN, "v").text).toContain(
      `${ORIGIN}/api/email/verify?token=v`,
    );
  });
});

describe("mail texts", () => {
  it("ru and ja hold no Latin words (slots and links aside)", () => {
    const strings = (value: unknown): string[] =>
      typeof value === "string" ? [value] : Object.values(value as object).flatMap(strings);
    for (const language of ["ru", "ja"] as const) {
      for (const text of strings(MAIL_TEXTS[language])) {
        expect(text.replace(/\{\w+\}/g, "").match(/[A-Za-z]{2,}/g), text).toBeNull();
      }
    }
  });
});
