import { GAME_AIS } from "@arena/engine";
import { expect, test } from "@playwright/test";
import { sampleOthelloSquares } from "../fixtures/visual.js";

// Pages that need no game: the offline board demo (engine only) and the lobby shell.

test("the Othello start position shows d4/e5 white and d5/e4 black", async ({ page }) => {
  await page.goto("/board-demo");
  const grid = page.getByRole("grid", { name: "Othello board" });
  await expect(grid).toBeVisible();
  for (const [name, disc] of [
    ["d4", "white"],
    ["e5", "white"],
    ["d5", "black"],
    ["e4", "black"],
  ] as const) {
    // Squares are named from their name on ("d4, white": the keyboard part's richer names).
    await expect(grid.getByRole("button", { name: new RegExp(`^${name},`) })).toHaveAttribute(
      "data-disc",
      disc,
    );
  }
  await page.waitForTimeout(400); // let the disc animation settle
  const pixels = await sampleOthelloSquares(page, grid, ["d4", "e5", "d5", "e4", "a1", "h8", "c5"]);
  expect(pixels).toEqual({
    d4: "white",
    e5: "white",
    d5: "black",
    e4: "black",
    a1: "green",
    h8: "green",
    c5: "green",
  });
  await grid.screenshot({ path: "screenshots/othello-start.png" });
});

test("board demo: an illegal click changes nothing, a legal one flips discs", async ({ page }) => {
  await page.goto("/board-demo");
  const grid = page.getByRole("grid", { name: "Othello board" });
  const status = page.getByTestId("demo-othello-status");
  await expect(status).toContainText("Black to move");
  await grid.getByRole("button", { name: /^a1,/ }).click();
  await expect(grid.getByRole("button", { name: /^a1,/ })).toHaveAttribute("data-disc", "empty");
  await expect(status).toContainText("Black 2 · White 2");
  await grid.getByRole("button", { name: /^f5,/ }).click();
  await expect(grid.getByRole("button", { name: /^f5,/ })).toHaveAttribute("data-disc", "black");
  await expect(grid.getByRole("button", { name: /^e5,/ })).toHaveAttribute("data-disc", "black");
  await expect(status).toContainText("White to move");
  await expect(status).toContainText("Black 4 · White 1");
  await page.screenshot({ path: "screenshots/board-demo.png", fullPage: true });
});

test("the lobby renders its shell and the create form", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Play the computer" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Create game" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Game", exact: true })).toBeVisible();
  // AI levels are named as the server lists them (GET /api/games), strongest last.
  const levels = GAME_AIS.othello.levels;
  await page.getByRole("combobox", { name: "Seat 2", exact: true }).selectOption({ label: "Computer" });
  const level = page.getByRole("combobox", { name: "Seat 2 level" });
  await expect(level.locator("option:checked")).toHaveText(`3 · ${levels[2]?.name}`);
  await expect(level.locator("option")).toHaveCount(levels.length);
  await page.getByRole("combobox", { name: "Game", exact: true }).selectOption("dice-of-doom");
  await expect(page.getByRole("combobox", { name: "Seat 3" })).toBeVisible();
  await page.screenshot({ path: "screenshots/lobby.png", fullPage: true });
});

test("phone width: the Othello board fits the screen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto("/board-demo");
  const grid = page.getByRole("grid", { name: "Othello board" });
  const box = await grid.boundingBox();
  expect(box).not.toBeNull();
  if (box !== null) expect(box.x + box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: "screenshots/board-demo-phone.png" });
  await context.close();
});
