import { expect, test } from "@playwright/test";
import { moveButtons, newPlayer, resultBanner } from "../fixtures/arena.js";

test("a human finishes a Connect Four game against an AI seat", { tag: "@cluster" }, async ({ browser }) => {
  test.setTimeout(180_000);
  const dana = await newPlayer(browser, "Dana");
  const page = dana.page;
  await page.getByRole("button", { name: "Connect Four vs computer" }).click();
  await page.waitForURL(/\/play\//);
  const grid = page.getByRole("grid", { name: "Connect 4 board" });
  await expect(grid).toBeVisible();
  await page.screenshot({ path: "screenshots/room-connect-four.png", fullPage: true });

  const banner = resultBanner(page);
  const playable = page.locator(".ck-drop.playable");
  for (let turn = 0; turn < 30; turn++) {
    await expect(playable.first().or(banner)).toBeVisible({ timeout: 30_000 });
    if (await banner.isVisible()) break;
    const before = await moveButtons(page).count();
    // Prefer the middle columns so the game is a real one.
    const open = await playable.allTextContents();
    const pick = ["4", "3", "5", "2", "6", "1", "7"].find((c) => open.includes(c)) ?? open[0];
    await page.getByRole("button", { name: new RegExp(`^column ${pick},`) }).click();
    await expect(moveButtons(page)).not.toHaveCount(before);
  }
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText(/wins|Draw/);
  if (!(await banner.textContent())?.includes("Draw")) {
    await expect(page.locator(".ck-cell.winning")).not.toHaveCount(0);
  }
  await page.screenshot({ path: "screenshots/connect-four-finished.png", fullPage: true });
  await dana.context.close();
});

test("a 3-seat Dice of Doom game with two AI seats starts from the lobby and reaches a result", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const erin = await newPlayer(browser, "Erin");
  const page = erin.page;
  await page.getByRole("button", { name: "Dice of Doom vs 2 computers" }).click();
  await page.waitForURL(/\/play\//);
  const svg = page.getByRole("grid", { name: "Dice of Doom board" });
  await expect(svg).toBeVisible();
  await expect(page.getByTestId("seat-2")).toContainText("Computer");
  await page.screenshot({ path: "screenshots/room-dice-of-doom.png", fullPage: true });

  const banner = resultBanner(page);
  const source = svg.locator('[data-source="true"]');
  const endTurn = page.getByRole("button", { name: "End turn" });
  for (let step = 0; step < 400; step++) {
    await expect(source.first().or(endTurn).or(banner).first()).toBeVisible({ timeout: 60_000 });
    if (await banner.isVisible()) break;
    const before = await moveButtons(page).count();
    if ((await source.count()) > 0) {
      await source.first().click();
      const target = svg.locator('[data-target="true"]').first();
      await expect(target).toBeVisible();
      await target.click();
    } else if (await endTurn.isEnabled()) {
      await endTurn.click();
    } else {
      await page.waitForTimeout(200);
      continue;
    }
    await expect(moveButtons(page)).not.toHaveCount(before, { timeout: 15_000 });
  }
  await expect(banner).toBeVisible({ timeout: 60_000 });
  // Three seats can end with two winners sharing the board: "Erin (Red) and Computer (level 2) (Blue) win".
  await expect(banner).toContainText(/ wins? |Draw/);
  await page.screenshot({ path: "screenshots/dice-of-doom-finished.png", fullPage: true });
  await erin.context.close();
});
