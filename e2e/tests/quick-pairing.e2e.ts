import { expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { board, matchIdOf, newPlayer, seat, square } from "../fixtures/arena.js";

// Othello 3+2, a cell of the server's grid (GET /api/pools).
const POOL = "othello:3+2";

test(
  "two players press the same quick-pairing cell and land seated in one room, then play",
  { tag: "@cluster" },
  async ({ browser }) => {
    const alice = await newPlayer(browser, "Alice");
    const bob = await newPlayer(browser, "Bob");
    const cell = (page: typeof alice.page) =>
      page.getByTestId("quick-pairing").locator(`[data-testid="pool-cell"][data-pool="${POOL}"]`);

    // Alice seeks: her cell spins with a Cancel, and Bob's lobby counts her.
    await cell(alice.page).click();
    await expect(alice.page.getByTestId("seek-spinner")).toBeVisible();
    await expect(alice.page.getByTestId("seek-cancel")).toBeVisible();
    await expect(cell(bob.page).getByTestId("pool-count")).toHaveText("1 seeking");
    await alice.page.getByTestId("quick-pairing").screenshot({ path: "screenshots/quick-pairing.png" });
    // Cancel, and seek again.
    await alice.page.getByTestId("seek-cancel").click();
    await expect(alice.page.getByTestId("seek-spinner")).toHaveCount(0);
    await expect(cell(bob.page).getByTestId("pool-count")).toHaveText("0 seeking");
    await cell(alice.page).click();
    await expect(alice.page.getByTestId("seek-spinner")).toBeVisible();

    // Bob presses the same cell: both are paired into one new room.
    await cell(bob.page).click();
    await alice.page.waitForURL(/\/play\//);
    await bob.page.waitForURL(/\/play\//);
    expect(matchIdOf(alice.page)).toBe(matchIdOf(bob.page));
    await expect(board(alice.page)).toBeVisible();
    await expect(board(bob.page)).toBeVisible();
    const seats = await Promise.all([seat(alice.page, 0).innerText(), seat(alice.page, 1).innerText()]);
    expect(seats.join(" ")).toContain("Alice");
    expect(seats.join(" ")).toContain("Bob");

    // Black (seat 0, whoever the draw made it) opens with f5; both boards show it.
    const black = seats[0]?.includes("Alice") === true ? alice.page : bob.page;
    await square(black, "f5").click();
    for (const page of [alice.page, bob.page]) {
      await expect(square(page, "f5")).toHaveAttribute("data-disc", "black");
    }
    await alice.context.close();
    await bob.context.close();
  },
);

test("two accounts seek a two-day correspondence game from its row; a guest's cells say it is for accounts", async ({
  browser,
}) => {
  const correspondence = "othello:2d";
  const stamp = Date.now().toString(36).slice(-5);
  const ada = await newPlayer(browser, "Ada");
  const bea = await newPlayer(browser, "Bea");
  const guest = await newPlayer(browser, "Gus");
  const row = (page: typeof ada.page) =>
    page.getByTestId("quick-pairing").getByTestId("pool-row-correspondence");
  const cell = (page: typeof ada.page) => row(page).locator(`[data-pool="${correspondence}"]`);

  await expect(row(guest.page)).toContainText("Correspondence");
  await expect(cell(guest.page)).toBeDisabled();
  await expect(cell(guest.page)).toHaveAttribute("title", /for accounts/);
  await expect(cell(guest.page).locator(".pool-time")).toHaveText("2 days");

  await registerAccount(ada.page, `Ada${stamp}`);
  await registerAccount(bea.page, `Bea${stamp}`);
  await cell(ada.page).click();
  await expect(ada.page.getByTestId("seek-spinner")).toBeVisible();
  await expect(cell(bea.page).getByTestId("pool-count")).toHaveText("1 seeking");
  await cell(bea.page).click();
  await ada.page.waitForURL(/\/play\//);
  await bea.page.waitForURL(/\/play\//);
  expect(matchIdOf(ada.page)).toBe(matchIdOf(bea.page));
  // A correspondence clock: two days for black to move, running; two for white.
  await expect(ada.page.locator(".room")).toHaveAttribute("data-status", "live");
  await expect(ada.page.getByTestId("clock-0")).toHaveText(/^(2d 0h|1d 23h)$/);
  await expect(ada.page.getByTestId("clock-1")).toHaveText("2d 0h");
  await expect(ada.page.getByTestId("move-by-0")).toContainText("Move by");
  for (const player of [ada, bea, guest]) await player.context.close();
});
