// Sessions (docs/web.md, "Settings"; docs/protocol.md, "Sessions"): a player logged in on two browsers sees
// both in the settings, logs the other one out from here (it turns into a guest at once), and after logging
// in there again changes the password here, which logs the other browser out too; the old password no
// longer opens the account and the new one does.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { accountForm, PASSWORD, registerAccount } from "../fixtures/accounts.js";
import { consoleErrors, watchConsole } from "../fixtures/console.js";

const NEW_PASSWORD = "another long enough secret";

async function freshBrowser(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/");
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
  return page;
}

async function signedIn(page: Page, name: string) {
  await expect(page.getByTestId("profile-link")).toHaveText(name);
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-account", "true");
}

/** Logged out by the server: the page is a connected guest again. */
async function guestAgain(page: Page) {
  await expect(page.getByTestId("profile-link")).toHaveCount(0);
  await expect(page.getByTestId("session-badge")).not.toHaveAttribute("data-account", "true");
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
}

test("a player ends another browser's session, then changes the password, which ends it again", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const name = `Ses_${Date.now().toString(36).slice(-5)}`;
  const home = await freshBrowser(browser);
  const away = await freshBrowser(browser);
  const errors = consoleErrors(home);
  watchConsole(errors, away);
  await registerAccount(home, name);
  await accountForm(away, "login", name, PASSWORD);
  await signedIn(away, name);

  // Both sessions are listed, this one marked, each with its browser.
  await home.goto("/settings");
  const panel = home.getByTestId("sessions-settings");
  const rows = panel.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
  await expect(rows.first()).toContainText("Chrome on Linux");

  // Logging the other one out turns that browser into a guest, without a reload.
  await rows.filter({ hasNotText: "This device" }).getByTestId("session-end").click();
  await expect(rows).toHaveCount(1);
  await guestAgain(away);

  // It logs in again; a password change here logs it out again.
  await accountForm(away, "login", name, PASSWORD);
  await signedIn(away, name);
  await home.reload();
  await expect(rows).toHaveCount(2);
  const password = home.getByTestId("password-settings");
  await password.getByTestId("password-old").fill("not my password");
  await password.getByTestId("password-new").fill(NEW_PASSWORD);
  await password.getByTestId("password-change").click();
  await expect(password.getByRole("alert")).toHaveText("wrong name or password");
  await password.getByTestId("password-old").fill(PASSWORD);
  await password.getByTestId("password-change").click();
  await expect(password.getByTestId("password-changed")).toContainText("1 other session was logged out");
  await expect(rows).toHaveCount(1);
  await guestAgain(away);
  await signedIn(home, name);

  // The old password no longer opens the account; the new one does.
  await accountForm(away, "login", name, PASSWORD);
  await expect(away.getByTestId("account-error")).toHaveText("wrong name or password");
  const form = away.getByTestId("login-form");
  await form.getByLabel("Password").fill(NEW_PASSWORD);
  await form.getByTestId("login-submit").click();
  await signedIn(away, name);
  // The browser logs the wrong passwords' 401s; nothing else went wrong.
  expect(errors.filter((e) => !/status of 401 .*\/api\/(password|login)\)$/.test(e))).toEqual([]);
});
