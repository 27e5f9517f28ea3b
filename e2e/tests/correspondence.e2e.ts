// Correspondence (docs/web.md, "Correspondence"): two accounts create and join a 2-days-per-move Othello
// game from the create form and play it over several page loads (reloads, the lobby, the correspondence
// page and back); each sees "your turn" in the lists and in the tab's title when it is theirs, the room
// shows the local date the move is due by, and no first-move countdown or claim.
import { type Page, expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { matchIdOf, newPlayer, seat, square } from "../fixtures/arena.js";
import { consoleErrors } from "../fixtures/console.js";
import { shoot } from "../fixtures/screenshots.js";

const YOUR_TURN_TITLE = "• Your turn — Arena";

/** A unique account name for this run (accounts outlive a run in the shared server's store). */
const uniqueName = (stem: string): string => `${stem}${Date.now().toString(36).slice(-5)}`;

/** A running two-day clock, a moment after the move that started it. */
const RUNNING_TWO_DAYS = /^1d 23h$/;
const FULL_TWO_DAYS = "2d 0h";

/** The user's entry for a match in the correspondence page's list. */
const listed = (page: Page, matchId: string) =>
  page.getByTestId("correspondence-list").locator(`[data-match="${matchId}"]`);

/** The match's room, loaded afresh, with the board ready for a move. */
async function openRoom(page: Page, matchId: string): Promise<void> {
  await page.goto(`/play/${matchId}`);
  await expect(page.locator(".room")).toHaveAttribute("data-status", "live");
}

test("two accounts play a two-day correspondence game over several page loads", async ({ browser }) => {
  test.setTimeout(180_000);
  const ada = await newPlayer(browser, "Ada");
  const bea = await newPlayer(browser, "Bea");
  const errors = consoleErrors(ada.page, bea.page);
  const adaName = uniqueName("Ada");
  const beaName = uniqueName("Bea");
  await registerAccount(ada.page, adaName);
  await registerAccount(bea.page, beaName);

  // Ada picks Correspondence, two days per move, and an open seat.
  const form = ada.page.locator("section.create");
  await form.getByRole("combobox", { name: "Game", exact: true }).selectOption("othello");
  await form.locator("label.chip", { hasText: /^Correspondence$/ }).click();
  await expect(form.getByTestId("correspondence-fields")).toBeVisible();
  await form.getByTestId("days-per-move-2").check();
  await form.getByRole("combobox", { name: "Seat 1", exact: true }).selectOption({ label: "Me" });
  await form.getByRole("combobox", { name: "Seat 2", exact: true }).selectOption({ label: "Open" });
  await ada.page.setViewportSize({ width: 1280, height: 800 });
  await form.getByTestId("correspondence-fields").scrollIntoViewIfNeeded();
  await ada.page.screenshot({ path: "../docs/screenshots/correspondence-create-desktop.png" });
  await form.getByRole("button", { name: "Create game" }).click();
  await ada.page.waitForURL(/\/play\/[^/?]+/);
  const matchId = matchIdOf(ada.page);

  // Bea takes the open seat; the game is live with Ada (black) to move, her two days running.
  await bea.page.goto(`/play/${matchId}?sit=open`);
  await expect(seat(ada.page, 1)).toContainText(beaName);
  await expect(ada.page.locator(".room")).toHaveAttribute("data-status", "live");
  await expect(ada.page.getByTestId("clock-0")).toHaveText(RUNNING_TWO_DAYS);
  await expect(ada.page.getByTestId("clock-1")).toHaveText(FULL_TWO_DAYS);
  await expect(ada.page.getByTestId("move-by-0")).toContainText("Move by");
  await expect(ada.page.getByTestId("move-by-1")).toHaveCount(0);
  // Correspondence has no first-move window and presence never makes a claim.
  await expect(ada.page.getByTestId("first-move-0")).toHaveCount(0);
  await expect(ada.page.getByTestId("claim-countdown")).toHaveCount(0);
  await expect(ada.page).toHaveTitle(YOUR_TURN_TITLE);
  await expect(bea.page).not.toHaveTitle(YOUR_TURN_TITLE);

  // Ada moves, then leaves for the correspondence page: it lists the game, Bea to move.
  await square(ada.page, "f5").click();
  await expect(bea.page).toHaveTitle(YOUR_TURN_TITLE);
  await expect(bea.page.getByTestId("move-by-1")).toContainText("Move by");
  await ada.page.goto("/correspondence");
  await expect(listed(ada.page, matchId)).toHaveAttribute("data-my-turn", "false");
  await expect(listed(ada.page, matchId).getByTestId("correspondence-turn")).toHaveText("Waiting");
  await expect(listed(ada.page, matchId).getByTestId("correspondence-clock")).toHaveText(
    `${FULL_TWO_DAYS} left`,
  );
  await expect(listed(ada.page, matchId)).toContainText("2d");
  await expect(ada.page).not.toHaveTitle(YOUR_TURN_TITLE);

  // Bea reloads the room: still her turn, in the title and the strip; she answers after the reload.
  await bea.page.reload();
  await expect(bea.page.locator(".room")).toHaveAttribute("data-status", "live");
  await expect(bea.page).toHaveTitle(YOUR_TURN_TITLE);
  const beaChip = bea.page.getByTestId("playing-now-header").locator(`[data-match="${matchId}"]`);
  await expect(beaChip).toHaveAttribute("data-my-turn", "true");
  await expect(beaChip.getByTestId("playing-clock")).toHaveText(RUNNING_TWO_DAYS);
  await square(bea.page, "d6").click();

  // Ada, on another page than the room, sees her turn come in the title, the list and the bell.
  await expect(ada.page).toHaveTitle(YOUR_TURN_TITLE);
  await expect(listed(ada.page, matchId)).toHaveAttribute("data-my-turn", "true");
  await expect(listed(ada.page, matchId).getByTestId("correspondence-turn")).toHaveText("Your turn");
  // After a page load too: the list the user's channel sends on connecting carries the turn.
  await ada.page.reload();
  await expect(ada.page).toHaveTitle(YOUR_TURN_TITLE);
  await expect(listed(ada.page, matchId)).toHaveAttribute("data-my-turn", "true");
  await expect(listed(ada.page, matchId).getByTestId("correspondence-clock")).toHaveText(/^1d 23h left$/);
  await ada.page.getByTestId("bell").click();
  const notice = ada.page.getByTestId("notice-turn");
  await expect(notice).toContainText(beaName);
  await expect(notice.getByTestId("notice-time-left")).toHaveText(/^1d 23h left$/);
  await ada.page.setViewportSize({ width: 1280, height: 800 });
  await ada.page.screenshot({ path: "../docs/screenshots/correspondence-bell-desktop.png" });
  await ada.page.getByTestId("bell").click();
  await shoot(ada.page, "correspondence-list");
  await listed(ada.page, matchId).click();
  await ada.page.waitForURL(new RegExp(`/play/${matchId}$`));
  await expect(ada.page.locator(".room")).toHaveAttribute("data-status", "live");
  await square(ada.page, "c3").click();

  // Bea, now in the lobby, sees her turn there first; she goes back through the strip.
  await expect(bea.page).toHaveTitle(YOUR_TURN_TITLE);
  await bea.page.goto("/");
  const lobbyChip = bea.page.getByTestId("playing-now-lobby").locator(`[data-match="${matchId}"]`);
  await expect(lobbyChip).toHaveAttribute("data-my-turn", "true");
  await expect(lobbyChip.getByTestId("playing-clock")).toHaveText(RUNNING_TWO_DAYS);
  await expect(bea.page).toHaveTitle(YOUR_TURN_TITLE);
  await lobbyChip.click();
  await bea.page.waitForURL(new RegExp(`/play/${matchId}$`));
  await expect(bea.page.locator(".room")).toHaveAttribute("data-status", "live");
  await square(bea.page, "d3").click();
  await expect(bea.page).not.toHaveTitle(YOUR_TURN_TITLE);

  // Ada's room, loaded afresh, has her turn with the date it is due by.
  await openRoom(ada.page, matchId);
  await expect(ada.page).toHaveTitle(YOUR_TURN_TITLE);
  await expect(ada.page.getByTestId("move-by-0")).toContainText("Move by");
  await expect(ada.page.getByTestId("clock-1")).toHaveText(FULL_TWO_DAYS);
  await shoot(ada.page, "correspondence-room");
  await square(ada.page, "c4").click();
  await expect(bea.page).toHaveTitle(YOUR_TURN_TITLE);
  await expect(ada.page).not.toHaveTitle(YOUR_TURN_TITLE);

  // The end takes it off both lists.
  await bea.page.getByRole("button", { name: "Resign" }).click();
  await bea.page.getByRole("button", { name: "Yes, resign" }).click();
  await ada.page.goto("/correspondence");
  await expect(ada.page.getByTestId("correspondence-empty")).toBeVisible();
  expect(errors).toEqual([]);
  for (const p of [ada, bea]) await p.context.close();
});

test("a time bank against the computer: the form's bank, its clocks in days, the computer answers", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const cam = await newPlayer(browser, "Cam");
  const errors = consoleErrors(cam.page);
  const form = cam.page.locator("section.create");
  await form.getByRole("combobox", { name: "Game", exact: true }).selectOption("othello");
  await form.locator("label.chip", { hasText: /^Correspondence$/ }).click();
  // A guest is told correspondence is for accounts (the server refuses it account-required).
  await form.getByRole("combobox", { name: "Seat 1", exact: true }).selectOption({ label: "Me" });
  await form.getByRole("combobox", { name: "Seat 2", exact: true }).selectOption({ label: "Computer" });
  await form.getByRole("button", { name: "Create game" }).click();
  await expect(cam.page.getByText("Correspondence games are for accounts")).toBeVisible();
  await registerAccount(cam.page, uniqueName("Cam"));
  await form.locator("label.chip", { hasText: /^Time bank$/ }).click();
  // Out of the protocol's bounds (a start above the cap), the form says so and sends nothing.
  await form.getByRole("spinbutton", { name: "Days to start" }).fill("9");
  await form.getByRole("button", { name: "Create game" }).click();
  await expect(cam.page.getByText("the bank starts with 1 to 21 days")).toBeVisible();
  await form.getByRole("spinbutton", { name: "Days to start" }).fill("3");
  await form.getByRole("spinbutton", { name: "Days added per move" }).fill("1");
  await form.getByRole("spinbutton", { name: "At most (days)" }).fill("7");
  await cam.page.setViewportSize({ width: 1280, height: 800 });
  await form.getByTestId("correspondence-fields").scrollIntoViewIfNeeded();
  await cam.page.screenshot({ path: "../docs/screenshots/correspondence-bank-create-desktop.png" });
  await form.getByRole("combobox", { name: "Seat 1", exact: true }).selectOption({ label: "Me" });
  await form.getByRole("combobox", { name: "Seat 2", exact: true }).selectOption({ label: "Computer" });
  await form.getByRole("button", { name: "Create game" }).click();
  await cam.page.waitForURL(/\/play\/[^/?]+/);
  await expect(cam.page.locator(".room")).toHaveAttribute("data-status", "live");
  await expect(cam.page.locator(".room")).toContainText("3d+1d≤7d");
  await expect(cam.page.getByTestId("clock-0")).toHaveText("2d 23h");
  await expect(cam.page.getByTestId("move-by-0")).toContainText("Move by");
  await square(cam.page, "f5").click();
  // The computer's answer hands the turn back; Cam's bank gained its day (3d less a moment, plus 1d).
  await expect(cam.page).toHaveTitle(YOUR_TURN_TITLE);
  await expect(cam.page.getByTestId("clock-0")).toHaveText("3d 23h");
  await expect(cam.page.getByTestId("clock-1")).toHaveText(/^3d 23h$|^4d 0h$/);
  expect(errors).toEqual([]);
  await cam.context.close();
});
