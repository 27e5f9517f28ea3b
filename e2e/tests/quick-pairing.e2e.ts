import { expect, test } from "@playwright/test";
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
