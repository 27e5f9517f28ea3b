// Notifications and Settings (docs/web.md, "Notifications" and "Settings"): two accounts in a two-day
// correspondence game; after Ada's move Bea's bell counts her turn once, its link opens
// /notifications, which lists it unread with a working link to the room and marks it read; a guest's
// /settings says settings are for accounts and offers the sign-in forms; an account's vacation, switched
// on and off from /settings, shows in the opponent's room (needs the vacation endpoints, helper V's).
import { expect, test } from "@playwright/test";
import { newPlayer, square } from "../fixtures/arena.js";
import { accountPair, startCorrespondence } from "../fixtures/correspondence.js";
import { shoot } from "../fixtures/screenshots.js";

test("the saved your-turn notification is counted by the bell, listed, linked and read", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ada, bea, adaName, errors } = await accountPair(browser);
  const matchId = await startCorrespondence(ada, bea);

  // Bea waits in the lobby; Ada moves: the bell counts her turn once (its live line and the saved copy),
  // and its link to the saved list says one is unread.
  await bea.page.goto("/");
  await expect(bea.page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
  await square(ada.page, "f5").click();
  await expect(bea.page.getByTestId("bell-count")).toHaveText("1");
  await bea.page.getByTestId("bell").click();
  await expect(bea.page.getByTestId("bell-all")).toHaveText("All notifications (1 unread)");
  await bea.page.getByTestId("bell-all").click();
  await bea.page.waitForURL(/\/notifications$/);

  // The page lists it, marked new, in words, with the room's link; opening the page read it.
  const item = bea.page.getByTestId("saved-notification").first();
  await expect(item).toHaveAttribute("data-kind", "your-turn");
  await expect(item).toHaveAttribute("data-unread", "true");
  await expect(item).toContainText(`Your turn against ${adaName} in Othello`);
  await expect(bea.page.getByTestId("bell-count")).toHaveText("1");
  // As first seen (the "new" marks last until the page is left), at both sizes.
  for (const [size, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await bea.page.setViewportSize(viewport);
    await bea.page.screenshot({ path: `../docs/screenshots/notifications-${size}.png` });
  }
  await bea.page.setViewportSize({ width: 1280, height: 800 });
  // Loaded again, it is read: the server heard.
  await bea.page.reload();
  await expect(item).toHaveAttribute("data-unread", "false");
  await expect(bea.page.getByTestId("unread-mark")).toHaveCount(0);

  await item.getByTestId("saved-link").click();
  await bea.page.waitForURL(new RegExp(`/play/${matchId}$`));
  await expect(bea.page.locator(".room")).toHaveAttribute("data-status", "live");
  await square(bea.page, "d6").click();

  // Mark all read: Ada's own your-turn, unread on arrival, is read by the button too.
  await expect(ada.page).toHaveTitle("• Your turn — Arena");
  await ada.page.goto("/notifications");
  await expect(ada.page.getByTestId("saved-notification").first()).toContainText("Your turn against");
  await ada.page.getByTestId("mark-all-read").click();
  await expect(ada.page.getByTestId("unread-mark")).toHaveCount(0);
  await ada.page.reload();
  await expect(ada.page.getByTestId("saved-notification").first()).toHaveAttribute("data-unread", "false");
  expect(errors).toEqual([]);
});

test("a guest's settings say they are for accounts and open the sign-in forms", async ({ browser }) => {
  const guest = await newPlayer(browser, "Guest");
  await guest.page.getByRole("link", { name: "Settings" }).click();
  await guest.page.waitForURL(/\/settings$/);
  await expect(guest.page.getByTestId("settings-guest")).toContainText("Settings are for accounts");
  await shoot(guest.page, "settings-guest");
  await guest.page.getByTestId("settings-sign-in").click();
  await expect(guest.page.getByTestId("register-tab")).toBeVisible();
});

test("vacation on and off from the settings, seen in the opponent's room", async ({ browser }) => {
  test.setTimeout(120_000);
  const { ada, bea, errors } = await accountPair(browser);
  const matchId = await startCorrespondence(ada, bea);

  await bea.page.getByRole("link", { name: "Settings" }).click();
  await bea.page.waitForURL(/\/settings$/);
  const vacation = bea.page.getByTestId("vacation-switch");
  await expect(vacation).not.toBeChecked();
  await expect(bea.page.getByTestId("vacation-days-left")).toContainText("left this year");
  // The switch follows the server's answer (not the click), so it is clicked, then awaited.
  await vacation.click();
  await expect(vacation).toBeChecked();
  await expect(bea.page.getByTestId("vacation-status")).toContainText("On vacation since");
  await expect(ada.page.getByTestId("vacation-1")).toHaveText("On vacation");
  await shoot(bea.page, "settings");
  await vacation.click();
  await expect(vacation).not.toBeChecked();
  await expect(bea.page.getByTestId("vacation-status")).toContainText("Not on vacation");
  await expect(ada.page.getByTestId("vacation-1")).toHaveCount(0);
  expect(errors).toEqual([]);
});
