import { expect, type Page, test } from "@playwright/test";
import { createGame, newPlayer, resultBanner, seat, sitButton, square } from "../fixtures/arena.js";
import { registerAccount } from "../fixtures/accounts.js";
import { consoleErrors } from "../fixtures/console.js";

/** One Othello game between two pages, a move each, then `loser` resigns. */
async function playAndResign(host: Page, guest: Page, loser: Page, rated = false): Promise<string> {
  await host.goto("/");
  const matchId = await createGame(host, { game: "othello", seats: ["me", "open"], time: "10+5", rated });
  await guest.goto(`/play/${matchId}`);
  await sitButton(guest, 1).click();
  await expect(seat(host, 1)).not.toContainText("Open");
  await square(host, "f5").click();
  await expect(square(guest, "f5")).toHaveAttribute("data-disc", "black");
  await square(guest, "f6").click();
  await expect(square(host, "f6")).toHaveAttribute("data-disc", "white");
  await loser.getByRole("button", { name: "Resign" }).click();
  await loser.getByRole("button", { name: "Yes, resign" }).click();
  await expect(resultBanner(host)).toContainText("resigned");
  return matchId;
}

// A player's game search (docs/web.md, "Game search"): by game, result, opponent and dates.
test("a profile's games are filtered by game, result, opponent and date", async ({ browser }) => {
  test.setTimeout(150_000);
  const suffix = String(Date.now() % 100_000);
  const [annName, benName] = [`Sue${suffix}`, `Tom${suffix}`];
  const ann = await newPlayer(browser, "Sue", { viewport: { width: 1280, height: 800 } });
  const ben = await newPlayer(browser, "Tom");
  const errors = consoleErrors(ann.page, ben.page);
  await registerAccount(ann.page, annName);
  await registerAccount(ben.page, benName);
  const won = await playAndResign(ann.page, ben.page, ben.page, true);
  const lost = await playAndResign(ann.page, ben.page, ann.page);

  const page = ann.page;
  await page.goto(`/@/${annName}`);
  const rows = page.getByTestId("history").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  const search = page.getByTestId("game-search");

  await search.getByTestId("search-result").selectOption("win");
  await search.getByTestId("search-submit").click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-match", won);

  await search.getByTestId("search-result").selectOption("loss");
  await search.getByTestId("search-opponent").fill(benName.toLowerCase());
  await search.getByTestId("search-submit").click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-match", lost);
  await page.screenshot({ path: "../docs/screenshots/game-search-desktop.png", fullPage: true });

  await search.getByTestId("search-result").selectOption("");
  await search.getByTestId("search-game").selectOption("connect-k");
  await search.getByTestId("search-submit").click();
  await expect(page.getByTestId("search-empty")).toBeVisible();

  // Today holds both games; from tomorrow on, none.
  const day = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  };
  await search.getByTestId("search-game").selectOption("othello");
  await search.getByTestId("search-opponent").fill("");
  await search.getByTestId("search-from").fill(day(0));
  await search.getByTestId("search-to").fill(day(0));
  await search.getByTestId("search-submit").click();
  await expect(rows).toHaveCount(2);
  await search.getByTestId("search-from").fill(day(1));
  await search.getByTestId("search-to").fill(day(2));
  await search.getByTestId("search-submit").click();
  await expect(page.getByTestId("search-empty")).toBeVisible();

  await search.getByTestId("search-clear").click();
  await expect(rows).toHaveCount(2);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("game-search").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "../docs/screenshots/game-search-phone.png" });

  // The profile in dark, its rating chart included.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => localStorage.setItem("arena.theme", "dark"));
  await page.reload();
  await expect(page.getByTestId("rating-chart")).toBeVisible();
  await page.screenshot({ path: "../docs/screenshots/dark-profile-games-desktop.png", fullPage: true });
  expect(errors).toEqual([]);
});
