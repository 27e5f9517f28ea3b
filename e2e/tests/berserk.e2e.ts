// Berserk in an arena (issue 29; docs/tournaments.md, "Berserk"): an account creates a 3+2 arena that
// allows berserk with a computer entrant, joins and starts it, and in its board's room presses Berserk
// before its first move: its clock shows half the base at once, its name is marked, and the button is gone.
import { expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { board, newPlayer } from "../fixtures/arena.js";

test("a player berserks in an arena's room: half the clock, the mark, no second press", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).slice(-5);
  const host = await newPlayer(browser, "Host");
  await registerAccount(host.page, `Bz_${stamp}`);
  const { page } = host;

  await page.goto("/tournaments");
  const form = page.getByTestId("create-tournament");
  await form.getByTestId("tournament-name").fill(`Arena ${stamp}`);
  await form.getByTestId("tournament-game").selectOption("othello");
  await form.getByTestId("tournament-format").selectOption("arena");
  await form.locator("label.chip", { hasText: /^3\+2$/ }).click();
  await form.getByTestId("tournament-berserk").check();
  await form.getByTestId("ai-level").selectOption("1");
  await form.getByTestId("add-ai").click();
  await form.getByTestId("create-tournament-submit").click();
  await page.waitForURL(/\/tournaments\/t_[A-Za-z0-9]{9}$/);
  await page.getByTestId("tournament-join").click();
  await expect(page.getByTestId("tournament-withdraw")).toBeVisible();
  await page.getByTestId("tournament-start").click();

  const link = page.locator("a[data-testid=pairing-result]").first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  await page.goto((await link.getAttribute("href")) ?? "");
  await expect(board(page)).toBeVisible();
  const mine = page.locator(".seat.mine");
  await expect(mine).toHaveCount(1);
  const seat = (await mine.getAttribute("data-seat")) ?? "";
  await expect(page.getByTestId(`clock-${seat}`)).toHaveText(/^3:00/);

  await page.getByTestId("berserk").click();
  await expect(page.getByTestId(`clock-${seat}`)).toHaveText(/^1:30/);
  await expect(page.getByTestId(`berserk-mark-${seat}`)).toBeVisible();
  await expect(page.getByTestId("berserk")).toHaveCount(0);

  await host.context.close();
});
