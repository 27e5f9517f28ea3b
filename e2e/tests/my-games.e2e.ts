// My games (docs/web.md, "My games"): invitations by name reach the invitee's bell, the Playing now strip
// lists each live game with whose turn it is and the clock and resumes it in one click, the tab's title
// says "your turn", and the lobby's Join takes the seat in one click.
import { type Page, expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import {
  type Player,
  createGame,
  inviteByName,
  matchIdOf,
  newPlayer,
  seat,
  square,
} from "../fixtures/arena.js";
import { consoleErrors } from "../fixtures/console.js";

const YOUR_TURN_TITLE = "• Your turn — Arena";

/** A unique account name for this run (accounts outlive a run in the shared server's store). */
const uniqueName = (stem: string): string => `${stem}${Date.now().toString(36).slice(-5)}`;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `../docs/screenshots/${name}.png` });
}

test(
  "an invitation by name reaches the invitee's bell; both play, the strip follows the turn and the clock, and resumes in one click",
  { tag: "@cluster" },
  async ({ browser }) => {
    test.setTimeout(120_000);
    const ada = await newPlayer(browser, "Ada");
    const beaName = uniqueName("Bea");
    const bea = await newPlayer(browser, "Bea");
    const errors = consoleErrors(ada.page, bea.page);
    await registerAccount(bea.page, beaName);

    // Ada invites Bea by name from the create form.
    await inviteByName(ada.page, beaName, "5+0");
    await ada.page.waitForURL(/\/play\/[^/?]+/);
    const matchId = matchIdOf(ada.page);

    // Bea's bell counts it; she accepts right there and lands in the room, seated.
    await expect(bea.page.getByTestId("bell-count")).toHaveText("1");
    await bea.page.getByTestId("bell").click();
    const invitation = bea.page.getByTestId("notice-invitation");
    await expect(invitation).toContainText("Ada");
    await expect(invitation).toContainText("Othello");
    await bea.page.setViewportSize({ width: 1280, height: 800 });
    await shoot(bea.page, "my-games-bell-invitation-desktop");
    await bea.page.setViewportSize({ width: 390, height: 844 });
    await shoot(bea.page, "my-games-bell-invitation-phone");
    await bea.page.setViewportSize({ width: 1280, height: 720 });
    await invitation.getByRole("button", { name: "Accept" }).click();
    await bea.page.waitForURL(new RegExp(`/play/${matchId}$`));
    await expect(seat(ada.page, 1)).toContainText(beaName);
    await expect(ada.page.locator(".room")).toHaveAttribute("data-status", "live");
    await expect(bea.page.getByTestId("bell-count")).toHaveCount(0);

    // Both strips list the game: Ada (black) to move, her clock shown; Bea waits.
    const adaChip = ada.page.getByTestId("playing-now-header").locator(`[data-match="${matchId}"]`);
    const beaChip = bea.page.getByTestId("playing-now-header").locator(`[data-match="${matchId}"]`);
    await expect(adaChip).toHaveAttribute("data-my-turn", "true");
    await expect(adaChip.getByTestId("playing-turn")).toHaveText("Your turn");
    await expect(adaChip.getByTestId("playing-clock")).toHaveText(/^[45]:\d\d$/);
    await expect(adaChip).toContainText(beaName);
    await expect(beaChip).toHaveAttribute("data-my-turn", "false");
    await expect(beaChip.getByTestId("playing-turn")).toHaveText("Waiting");
    await expect(beaChip.getByTestId("playing-clock")).toHaveText("5:00");

    // The tab's title says whose turn it is, and moves with it.
    await expect(ada.page).toHaveTitle(YOUR_TURN_TITLE);
    await expect(bea.page).not.toHaveTitle(YOUR_TURN_TITLE);
    await square(ada.page, "d3").click();
    await expect(bea.page).toHaveTitle(YOUR_TURN_TITLE);
    await expect(ada.page).not.toHaveTitle(YOUR_TURN_TITLE);
    await expect(beaChip).toHaveAttribute("data-my-turn", "true");
    await expect(adaChip.getByTestId("playing-turn")).toHaveText("Waiting");
    await ada.page.setViewportSize({ width: 1280, height: 800 });
    await shoot(ada.page, "my-games-strip-room-desktop");
    await ada.page.setViewportSize({ width: 390, height: 844 });
    await shoot(ada.page, "my-games-strip-room-phone");

    // Bea leaves for the lobby: her turn is in the bell and first in the lobby's list (her clock waits in its
    // first-move window); one click on it takes her back to the room.
    await bea.page.goto("/");
    const lobbyChip = bea.page.getByTestId("playing-now-lobby").locator(`[data-match="${matchId}"]`);
    await expect(lobbyChip).toHaveAttribute("data-my-turn", "true");
    await expect(lobbyChip.getByTestId("playing-clock")).toHaveText("5:00");
    await expect(bea.page.getByTestId("bell-count")).toHaveText("1");
    await expect(bea.page).toHaveTitle(YOUR_TURN_TITLE);
    await bea.page.setViewportSize({ width: 1280, height: 800 });
    await shoot(bea.page, "my-games-lobby-desktop");
    await bea.page.getByTestId("bell").click();
    await expect(bea.page.getByTestId("notice-turn")).toContainText("Ada");
    await shoot(bea.page, "my-games-bell-turn-desktop");
    await bea.page.setViewportSize({ width: 390, height: 844 });
    await shoot(bea.page, "my-games-bell-turn-phone");
    await bea.page.getByTestId("bell").click();
    await shoot(bea.page, "my-games-lobby-phone");
    await lobbyChip.click();
    await bea.page.waitForURL(new RegExp(`/play/${matchId}$`));
    // Her move hands the turn back: Ada's clock, started, ticks in her strip from the pushed value.
    await square(bea.page, "c3").click();
    await expect(adaChip).toHaveAttribute("data-my-turn", "true");
    const adaClock = adaChip.getByTestId("playing-clock");
    const shown = await adaClock.textContent();
    await expect(adaClock).not.toHaveText(shown ?? "");

    // The end takes it off both lists.
    await bea.page.getByRole("button", { name: "Resign" }).click();
    await bea.page.getByRole("button", { name: "Yes, resign" }).click();
    await expect(ada.page.getByTestId("playing-now-header")).toHaveCount(0);
    await expect(bea.page.getByTestId("playing-now-header")).toHaveCount(0);
    expect(errors).toEqual([]);
    for (const p of [ada, bea]) await p.context.close();
  },
);

test(
  "the lobby's Join takes the open seat in one click; a seat taken meanwhile leaves the page watching, saying so",
  { tag: "@cluster" },
  async ({ browser }) => {
    test.setTimeout(90_000);
    const cal = await newPlayer(browser, "Cal");
    const dee = await newPlayer(browser, "Dee");
    const eve = await newPlayer(browser, "Eve");
    const errors = consoleErrors(dee.page, eve.page);
    const matchId = await createGame(cal.page, { game: "othello", seats: ["me", "open"], time: "5+0" });

    const row = (p: Player) =>
      p.page.getByRole("table", { name: "Open games" }).locator(`tr[data-match="${matchId}"]`);
    await expect(row(dee)).toBeVisible();
    await expect(row(eve)).toBeVisible();
    // The room's name opens it to look first; Join sits at once.
    await expect(row(dee).getByTestId("look")).toHaveAttribute("href", `/play/${matchId}`);
    await dee.page.setViewportSize({ width: 1280, height: 800 });
    await shoot(dee.page, "my-games-join-lobby-desktop");
    await dee.page.setViewportSize({ width: 390, height: 844 });
    await row(dee).scrollIntoViewIfNeeded();
    await shoot(dee.page, "my-games-join-lobby-phone");
    await dee.page.setViewportSize({ width: 1280, height: 800 });
    await row(dee).getByTestId("join").click();
    await dee.page.waitForURL(new RegExp(`/play/${matchId}$`));
    await expect(seat(cal.page, 1)).toContainText("Dee");
    await expect(dee.page.locator(".room")).toHaveAttribute("data-status", "live");
    await expect(dee.page.getByTestId("seat-taken")).toHaveCount(0);

    // Eve's lobby still showed the room (its list is news of a moment ago): her Join finds the seat gone.
    await eve.page.goto(`/play/${matchId}?sit=open`);
    await expect(eve.page.getByTestId("seat-taken")).toBeVisible();
    await expect(eve.page.getByTestId("seat-taken")).toHaveText(/taken meanwhile/);
    await expect(seat(eve.page, 1)).toContainText("Dee");
    await eve.page.waitForURL(new RegExp(`/play/${matchId}$`));
    await eve.page.setViewportSize({ width: 1280, height: 800 });
    await shoot(eve.page, "my-games-seat-taken-desktop");
    await eve.page.setViewportSize({ width: 390, height: 844 });
    await shoot(eve.page, "my-games-seat-taken-phone");
    expect(errors).toEqual([]);
    for (const p of [cal, dee, eve]) await p.context.close();
  },
);

test("an invitee declines from the bell: the host's seat is invite-only again", async ({ browser }) => {
  test.setTimeout(90_000);
  const fay = await newPlayer(browser, "Fay");
  const gus = await newPlayer(browser, "Gus");
  const gusName = uniqueName("Gus");
  const errors = consoleErrors(fay.page, gus.page);
  await registerAccount(gus.page, gusName);
  await inviteByName(fay.page, gusName);
  await fay.page.waitForURL(/\/play\/[^/?]+/);
  await expect(seat(fay.page, 1)).toContainText(gusName);

  await gus.page.getByTestId("bell").click();
  await gus.page.getByTestId("notice-invitation").getByRole("button", { name: "Decline" }).click();
  await expect(gus.page.getByTestId("notice-invitation")).toHaveCount(0);
  await expect(seat(fay.page, 1)).toContainText("Invite only");
  await expect(seat(fay.page, 1)).not.toContainText(gusName);
  expect(errors).toEqual([]);
  for (const p of [fay, gus]) await p.context.close();
});
