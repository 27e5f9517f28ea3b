// An account's data (docs/web.md, "Settings" and "Password reset"): a user downloads their data from the
// settings and finds the archive's files, then closes the account and can no longer log in; a user whose
// address is verified resets the password from the login form's link and the mail the product's own SMTP
// server received, and logs in with the new one.
import { readFileSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { PASSWORD, registerAccount } from "../fixtures/accounts.js";
import { newPlayer } from "../fixtures/arena.js";
import { consoleErrors, watchConsole } from "../fixtures/console.js";
import { linkIn, mailTo } from "../fixtures/mailbox.js";
import { zipNames } from "../fixtures/zip-names.js";

const NEW_PASSWORD = "another long enough secret";

const stamp = () => Date.now().toString(36).slice(-5);

/**
 * The page's errors but the refusals the test provokes on purpose, which the browser logs as failed loads:
 * a second export, a wrong password, a closed account's login.
 */
const unexpected = (errors: readonly string[]) =>
  errors.filter(
    (error) => !/status of (401|429) .*\/api\/(account\/export|account\/close|login)\)$/.test(error),
  );

/** The login form of the session badge, filled and sent. */
async function logIn(page: Page, name: string, password: string): Promise<void> {
  await page.getByTestId("sign-in").click();
  await page.getByTestId("login-tab").click();
  const form = page.getByTestId("login-form");
  await form.getByLabel("Username").fill(name);
  await form.getByLabel("Password").fill(password);
  await form.getByTestId("login-submit").click();
}

test("a user downloads their data, then closes the account and cannot log in again", async ({ browser }) => {
  test.setTimeout(90_000);
  const name = `Cal${stamp()}`;
  const cal = await newPlayer(browser, "Cal");
  const errors = consoleErrors(cal.page);
  await registerAccount(cal.page, name);

  await cal.page.goto("/settings");
  const data = cal.page.getByTestId("data-settings");
  const [download] = await Promise.all([
    cal.page.waitForEvent("download"),
    data.getByTestId("export-data").click(),
  ]);
  expect(download.suggestedFilename()).toBe(`arena-${name}-export.zip`);
  const names = zipNames(readFileSync(await download.path()));
  for (const file of [
    "profile.json",
    "ratings.json",
    "chat.json",
    "sessions.json",
    "notifications.json",
    "email.json",
    "vacation.json",
    "games/index.json",
  ]) {
    expect(names).toContain(file);
  }
  // A second download within 10 minutes is refused, and the page says so.
  await data.getByTestId("export-data").click();
  await expect(data.getByTestId("export-error")).toContainText("one export every 10 minutes");

  // Closing asks for the password first; a wrong one is refused.
  const closing = cal.page.getByTestId("close-settings");
  await closing.getByTestId("close-start").click();
  await closing.getByTestId("close-password").fill("not my password");
  await closing.getByTestId("close-confirm").click();
  await expect(closing.getByTestId("close-error")).toContainText("wrong password");
  await closing.getByTestId("close-password").fill(PASSWORD);
  await closing.getByTestId("close-confirm").click();
  await expect(cal.page.getByTestId("session-badge")).toHaveAttribute("data-account", "false");

  await cal.page.goto(`/@/${name}`);
  await expect(cal.page.getByTestId("closed-account")).toHaveText("closed account");
  await logIn(cal.page, name, PASSWORD);
  await expect(cal.page.getByTestId("account-error")).toHaveText("wrong name or password");
  expect(unexpected(errors)).toEqual([]);
});

test("a user with a verified address resets the password by mail and logs in with the new one", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const name = `Dot${stamp()}`;
  const address = `${name.toLowerCase()}@example.test`;
  const dot = await newPlayer(browser, "Dot");
  const errors = consoleErrors(dot.page);
  await registerAccount(dot.page, name);
  await dot.page.goto("/settings");
  const panel = dot.page.getByTestId("email-settings");
  await panel.getByTestId("email-input").fill(address);
  await panel.getByTestId("email-save").click();
  const verification = await mailTo(address, "Confirm your e-mail address");
  await dot.page.goto(linkIn(verification, `${baseURL}/api/email/verify?token=`));
  await expect(panel.getByTestId("email-status")).toHaveAttribute("data-status", "verified");

  // In another browser, the login form's "Forgot password?" leads to the reset page.
  const other = await newPlayer(browser, "Someone");
  watchConsole(errors, other.page);
  await other.page.getByTestId("sign-in").click();
  await other.page.getByTestId("forgot-password").click();
  await other.page.waitForURL(/\/reset$/);
  await other.page.getByTestId("reset-name").fill(name);
  await other.page.getByTestId("reset-send").click();
  await expect(other.page.getByTestId("reset-sent")).toBeVisible();

  const mail = await mailTo(address, "Reset your password");
  await other.page.goto(linkIn(mail, `${baseURL}/reset?token=`));
  await other.page.getByTestId("reset-password").fill(NEW_PASSWORD);
  await other.page.getByTestId("reset-save").click();
  await expect(other.page.getByTestId("reset-done")).toBeVisible();
  await expect(other.page.getByTestId("profile-link")).toHaveText(name);
  // The first browser's session ended with the reset.
  await expect(dot.page.getByTestId("session-badge")).toHaveAttribute("data-account", "false");

  // The old password no longer logs in; the new one does.
  const third = await newPlayer(browser, "Third");
  watchConsole(errors, third.page);
  await logIn(third.page, name, PASSWORD);
  await expect(third.page.getByTestId("account-error")).toHaveText("wrong name or password");
  await third.page.getByTestId("login-form").getByLabel("Password").fill(NEW_PASSWORD);
  await third.page.getByTestId("login-submit").click();
  await expect(third.page.getByTestId("profile-link")).toHaveText(name);
  expect(unexpected(errors)).toEqual([]);
});
