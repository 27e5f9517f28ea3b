import { expect, type Page, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { inviteByName, matchIdOf, newPlayer } from "../fixtures/arena.js";
import { consoleErrors } from "../fixtures/console.js";

// Blocks (docs/web.md, "Blocks"): an account blocks another from its profile; the blocked one cannot invite
// the blocker (the refusal is shown) nor be paired with them in quick pairing; the blocker lists and lifts
// the block in the settings, after which the two are paired again.

// A quick-pairing cell no other spec presses.
const POOL = "othello:1+0";

/** A unique account name for this run (accounts outlive a run in the shared server's store). */
const uniqueName = (stem: string): string => `${stem}${Date.now().toString(36).slice(-5)}`;

const cell = (page: Page) =>
  page.getByTestId("quick-pairing").locator(`[data-testid="pool-cell"][data-pool="${POOL}"]`);

test("A blocks B from B's profile: B cannot invite A nor be paired with A; A unblocks in the settings", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [annName, benName] = [uniqueName("Ann"), uniqueName("Ben")];
  const ann = await newPlayer(browser, "Ann");
  const ben = await newPlayer(browser, "Ben");
  const gus = await newPlayer(browser, "Gus");
  const errors = consoleErrors(ann.page, ben.page, gus.page);
  await registerAccount(ann.page, annName);
  await registerAccount(ben.page, benName);

  // Ann blocks Ben from his profile.
  await ann.page.goto(`/@/${benName}`);
  await ann.page.getByTestId("block").click();
  await expect(ann.page.getByTestId("block")).toHaveText("Unblock");
  await expect(ann.page.getByTestId("block-note")).toContainText("You block this player");
  await ann.page.setViewportSize({ width: 1280, height: 800 });
  await ann.page.screenshot({ path: "../docs/screenshots/profile-block-desktop.png" });
  // A guest is offered no block.
  await gus.page.goto(`/@/${annName}`);
  await expect(gus.page.getByTestId("profile")).toBeVisible();
  await expect(gus.page.getByTestId("block")).toHaveCount(0);
  await gus.page.goto("/");

  // Ben invites Ann by name: refused, and told so; he stays in the lobby.
  await inviteByName(ben.page, annName, "5+0");
  await expect(ben.page.getByRole("alert").filter({ hasText: "you cannot reach this player" })).toBeVisible();
  await expect(ben.page).not.toHaveURL(/\/play\//);

  // Both press the same quick-pairing cell: both wait, unpaired (a pairing would take both seeks out).
  await ann.page.goto("/");
  await cell(ann.page).click();
  await expect(ann.page.getByTestId("seek-spinner")).toBeVisible();
  await cell(ben.page).click();
  await expect(ben.page.getByTestId("seek-spinner")).toBeVisible();
  await expect(cell(gus.page).getByTestId("pool-count")).toHaveText("2 seeking");
  await expect(ann.page).not.toHaveURL(/\/play\//);
  await expect(ben.page).not.toHaveURL(/\/play\//);
  await ann.page.getByTestId("seek-cancel").click();
  await ben.page.getByTestId("seek-cancel").click();
  await expect(cell(gus.page).getByTestId("pool-count")).toHaveText("0 seeking");

  // Ann finds Ben among her blocked players in the settings, and unblocks him.
  await ann.page.goto("/settings");
  const panel = ann.page.getByTestId("blocks-settings");
  await expect(panel.getByTestId(`blocked-${benName}`)).toContainText(benName);
  await panel.scrollIntoViewIfNeeded();
  await ann.page.screenshot({ path: "../docs/screenshots/settings-blocks-desktop.png" });
  await ann.page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await ann.page.screenshot({ path: "../docs/screenshots/settings-blocks-phone.png" });
  await ann.page.setViewportSize({ width: 1280, height: 800 });
  await panel.getByTestId(`unblock-${benName}`).click();
  await expect(panel.getByTestId("blocks-none")).toHaveText("You block nobody.");

  // Unblocked, the two are paired as anyone.
  await ann.page.goto("/");
  await cell(ann.page).click();
  await expect(ann.page.getByTestId("seek-spinner")).toBeVisible();
  await cell(ben.page).click();
  await ann.page.waitForURL(/\/play\//);
  await ben.page.waitForURL(/\/play\//);
  expect(matchIdOf(ann.page)).toBe(matchIdOf(ben.page));
  expect(errors).toEqual([]);
  for (const player of [ann, ben, gus]) await player.context.close();
});
