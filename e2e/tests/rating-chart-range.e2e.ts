import { expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { createGame, resultBanner, sitButton, square } from "../fixtures/arena.js";
import { DESKTOP, PHONE, watchErrors } from "../fixtures/two-players.js";

test("the profile chart of one rated game frames its rating, not 0 to 3000", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).slice(-5);
  const [ivy, jon] = [`Ivy_${stamp}`, `Jon_${stamp}`];
  const ivyPage = await (await browser.newContext()).newPage();
  const jonPage = await (await browser.newContext()).newPage();
  for (const page of [ivyPage, jonPage]) await page.goto("/");
  await registerAccount(ivyPage, ivy);
  await registerAccount(jonPage, jon);

  // One rated game: a move each, then Jon resigns.
  const matchId = await createGame(ivyPage, {
    game: "othello",
    seats: ["me", "open"],
    time: "5+0",
    rated: true,
  });
  await jonPage.goto(`/play/${matchId}`);
  await sitButton(jonPage, 1).click();
  await square(ivyPage, "f5").click();
  await expect(square(jonPage, "f5")).toHaveAttribute("data-disc", "black");
  await square(jonPage, "f6").click();
  await expect(square(ivyPage, "f6")).toHaveAttribute("data-disc", "white");
  await jonPage.getByRole("button", { name: "Resign" }).click();
  await jonPage.getByRole("button", { name: "Yes, resign" }).click();
  await expect(resultBanner(ivyPage)).toContainText("resigned");

  const errors = watchErrors(ivyPage);
  await ivyPage.setViewportSize(DESKTOP);
  await ivyPage.goto(`/@/${ivy}`);
  const chart = ivyPage.getByTestId("rating-chart");
  await expect(chart).toHaveAttribute("data-y-range", /^\d+-\d+$/);
  const [low = 0, high = 0] = ((await chart.getAttribute("data-y-range")) ?? "").split("-").map(Number);
  const shown = (await ivyPage.getByTestId("rating-othello-blitz").textContent()) ?? "";
  const rating = Number(/\d+/.exec(shown)?.[0]);
  expect(low).toBeLessThan(rating);
  expect(high).toBeGreaterThan(rating);
  expect(high - low).toBeLessThanOrEqual(200);
  await chart.screenshot({ path: "../docs/screenshots/profile-chart-desktop.png" });
  await ivyPage.setViewportSize(PHONE);
  await ivyPage.reload();
  await expect(chart).toHaveAttribute("data-y-range", /^\d+-\d+$/);
  await ivyPage.screenshot({ path: "../docs/screenshots/profile-chart-phone.png", fullPage: true });
  expect(errors).toEqual([]);
  for (const page of [ivyPage, jonPage]) await page.context().close();
});
