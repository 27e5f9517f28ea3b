import { type Browser, expect, type Page, test } from "@playwright/test";
import { createGame, newPlayer } from "../fixtures/arena.js";
import { PASSWORD, registerAccount } from "../fixtures/accounts.js";
import { consoleErrors } from "../fixtures/console.js";
import { grantModerator } from "../fixtures/moderator.js";

// Reports and moderation (docs/web.md, "Reports", "Moderation"): a player reports another from the
// profile; a moderator, granted with `arena admin grant` on the server's own store, mutes then bans the
// reported player; the audit log shows both; the player reads the mute's reason in the chat and the ban's
// at login; the reporter is told the report was handled.

async function freshPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/");
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
  return page;
}

test("a report, a mute and a ban, each in the audit log, and the reporter told", async ({ browser }) => {
  test.skip(
    process.env.ARENA_E2E_URL !== undefined && process.env.ARENA_E2E_URL !== "",
    "needs the local store",
  );
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).slice(-5);
  const [ritaName, tomName, monaName] = [`Rita${stamp}`, `Tom${stamp}`, `Mona${stamp}`];
  const rita = await newPlayer(browser, "Rita");
  const tom = await newPlayer(browser, "Tom");
  const mona = await newPlayer(browser, "Mona");
  const errors = consoleErrors(rita.page, mona.page);
  await registerAccount(rita.page, ritaName);
  await registerAccount(tom.page, tomName);
  await registerAccount(mona.page, monaName);
  expect(grantModerator(monaName)).toContain(`${monaName} is a moderator`);

  // Only moderators see the page.
  await rita.page.goto("/mod");
  await expect(rita.page.getByTestId("mod-forbidden")).toBeVisible();
  await expect(rita.page.getByTestId("mod-link")).toHaveCount(0);

  // Rita reports Tom from his profile.
  await rita.page.goto(`/@/${tomName}`);
  await rita.page.getByTestId("report-open").click();
  await rita.page.getByTestId("report-reason").selectOption("spam");
  await rita.page.getByTestId("report-text").fill("floods every chat");
  await rita.page.getByTestId("report-submit").click();
  await expect(rita.page.getByTestId("report-done")).toBeVisible();

  // Tom is in a game, with its chat.
  await createGame(tom.page, { game: "othello", seats: ["me", "ai"], time: "10+5" });
  await expect(tom.page.getByTestId("chat-panel")).toBeVisible();

  // Mona sees the report, opens Tom's record and mutes him.
  await mona.page.reload();
  await mona.page.getByTestId("mod-link").click();
  await expect(mona.page).toHaveURL(/\/mod$/);
  const report = mona.page.getByTestId("mod-report").filter({ hasText: tomName });
  await expect(report).toContainText("floods every chat");
  await report.getByTestId("mod-report-target").click();
  const player = mona.page.getByTestId("mod-player");
  await player.getByTestId("mod-why").fill("spamming the chat");
  await player.getByTestId("mod-mute").click();
  await expect(player.getByTestId("mod-standing")).toContainText("Muted until");

  // Tom reads why he cannot chat, and until when.
  await tom.page.getByTestId("chat-input").fill("hello everyone");
  await tom.page.getByTestId("chat-send").click();
  await expect(tom.page.getByTestId("chat-refusal")).toContainText("Reason: spamming the chat");
  await expect(tom.page.getByTestId("chat-refusal")).toContainText("muted until");

  // Mona bans him; the ban ends his session.
  await player.getByTestId("mod-why").fill("ban evasion of the mute");
  await player.getByTestId("mod-ban").click();
  await expect(player.getByTestId("mod-standing")).toContainText("Banned until");
  // His page comes back as a guest of the banned account: refused, and it says why.
  await expect(tom.page.getByTestId("ban-banner")).toContainText("Reason: ban evasion of the mute");

  // Logging in again, from another browser, tells him why.
  const again = await freshPage(browser);
  await again.getByTestId("sign-in").click();
  await again.getByTestId("login-tab").click();
  const form = again.getByTestId("login-form");
  await form.getByLabel("Username").fill(tomName);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByTestId("login-submit").click();
  await expect(again.getByTestId("account-error")).toContainText("banned until");
  await expect(again.getByTestId("account-error")).toContainText("Reason: ban evasion of the mute");

  // The report is handled; the audit log shows the mute and the ban.
  await report.getByTestId("mod-report-why").fill("muted, then banned");
  await report.getByTestId("mod-handle").click();
  await expect(mona.page.getByTestId("mod-report").filter({ hasText: tomName })).toHaveCount(0);
  const audit = mona.page.getByTestId("mod-audit-entry").filter({ hasText: tomName });
  await expect(audit.and(mona.page.locator('[data-action="mute"]'))).toContainText("spamming the chat");
  await expect(audit.and(mona.page.locator('[data-action="ban"]'))).toContainText("ban evasion of the mute");

  // Rita is told.
  await rita.page.goto("/notifications");
  await expect(rita.page.getByTestId("saved-notification").first()).toContainText(
    "A moderator has handled your report",
  );
  expect(errors).toEqual([]);
});
