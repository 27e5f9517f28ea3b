import { type Browser, type Page, expect, test } from "@playwright/test";
import { createGame, newPlayer, resultBanner, seat } from "../fixtures/arena.js";

// Issue 20, findings 6 and 7: one 24-character name ("W" × 24) widened the open-games table past its panel
// and put every Join button under the Create panel; names could reverse the text around them. Names are
// now NFKC-normalised (full-width "Ｗ" becomes "W"), isolated (<bdi dir="auto">) and cut with an ellipsis
// where their place ends, with a short id when two players share one (docs/web.md, "Names").

const WIDE = "Ｗ".repeat(24);
const NORMALISED = "W".repeat(24);
const IDEOGRAPHS = "龍".repeat(24);
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** Asserts that `page` has no horizontal scroll and that a box lies within the viewport's width. */
async function fitsWidth(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** A viewer's page at one size, on the lobby. */
async function viewer(browser: Browser, size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator(".session")).toHaveAttribute("data-connection", "connected");
  return page;
}

test("long names never push the open games' Join buttons out of reach, at phone and desktop widths", async ({
  browser,
}) => {
  // Two hosts with the same 24-wide-character name and one with 24 ideographs, each waiting for an opponent.
  const hosts = [
    await newPlayer(browser, NORMALISED),
    await newPlayer(browser, NORMALISED),
    await newPlayer(browser, IDEOGRAPHS),
  ];
  const matchIds: string[] = [];
  for (const host of hosts) {
    await host.page.goto("/");
    matchIds.push(await createGame(host.page, { game: "othello", seats: ["me", "open"], time: "5+0" }));
  }
  try {
    for (const size of WIDTHS) {
      const page = await viewer(browser, size);
      const table = page.getByRole("table", { name: "Open games" });
      for (const matchId of matchIds)
        await expect(table.locator(`tr[data-match="${matchId}"]`)).toBeVisible();
      const panel = page.locator("section.rooms");
      const [tableBox, panelBox] = [await table.boundingBox(), await panel.boundingBox()];
      if (tableBox === null || panelBox === null) throw new Error("no table");
      expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 0.5);
      await fitsWidth(page, size.width);
      for (const matchId of matchIds) {
        const join = table.locator(`tr[data-match="${matchId}"]`).getByRole("link", { name: "Join" });
        const box = await join.boundingBox();
        if (box === null) throw new Error("no Join button");
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        // Playwright's actionability checks: visible, stable, enabled and the one element hit at its centre.
        await join.click({ trial: true, timeout: 5_000 });
      }
      // The names are cut, not wrapped or spilled, and say who they are in full in their tooltip.
      const names = table.locator(`tr[data-match="${matchIds[0]}"] [data-testid="player-name"]`);
      const first = names.filter({ visible: true }).first();
      await expect(first).toHaveText(NORMALISED);
      await expect(first).toHaveAttribute("dir", "auto");
      const cut = await first.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut).toBe(true);
      // Two hosts share the name: each has its short id.
      const tags = table.locator(".name-tag");
      expect(await tags.count()).toBeGreaterThanOrEqual(2);
      await page.screenshot({ path: `screenshots/lobby-long-names-${size.width}.png`, fullPage: true });
      // Joining works from here, in one click: the viewer takes the seat (the game starts, and is left to
      // abort itself at the end of its first-move window).
      if (size.width === 1280) {
        await table.locator(`tr[data-match="${matchIds[2]}"]`).getByRole("link", { name: "Join" }).click();
        await page.waitForURL(new RegExp(`/play/${matchIds[2]}`));
        await expect(page.locator(".room")).toHaveAttribute("data-status", "live");
      }
      await page.context().close();
    }
  } finally {
    for (const host of hosts) {
      // The room joined above started: it has no Cancel button any more.
      await host.page
        .getByRole("button", { name: "Cancel game" })
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      await host.context.close();
    }
  }
});

test("in a room, two long equal names fit their seats and the result banner, each with its short id", async ({
  browser,
}) => {
  for (const size of WIDTHS) {
    const first = await newPlayer(browser, WIDE);
    const second = await newPlayer(browser, WIDE);
    await first.page.setViewportSize(size);
    const matchId = await createGame(first.page, { game: "othello", seats: ["me", "open"], time: "5+0" });
    await second.page.goto(`/play/${encodeURIComponent(matchId)}`);
    await second.page.getByRole("button", { name: "Sit here" }).click();
    const page = first.page;
    await expect(page.locator(".room")).toHaveAttribute("data-status", "live");
    for (const index of [0, 1]) {
      const name = seat(page, index).getByTestId("player-name");
      await expect(name).toHaveText(NORMALISED);
      await expect(seat(page, index).locator(".name-tag")).toBeVisible();
      const [nameBox, seatBox] = [await name.boundingBox(), await seat(page, index).boundingBox()];
      if (nameBox === null || seatBox === null) throw new Error("no seat");
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(seatBox.x + seatBox.width + 0.5);
    }
    await fitsWidth(page, size.width);
    const badge = page.getByRole("button", { name: "Change name" });
    const badgeBox = await badge.boundingBox();
    if (badgeBox === null) throw new Error("no session badge");
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(size.width);
    await page.getByRole("button", { name: "Resign" }).click({ trial: true, timeout: 5_000 });
    await page.getByRole("button", { name: "Resign" }).click();
    await page.getByRole("button", { name: "Yes, resign" }).click();
    await expect(resultBanner(page)).toBeVisible();
    await expect(resultBanner(page).locator("bdi[dir=auto]")).toHaveCount(2);
    await expect(resultBanner(page).locator(".name-tag")).toHaveCount(2);
    await fitsWidth(page, size.width);
    await page.screenshot({ path: `screenshots/room-long-names-${size.width}.png`, fullPage: true });
    await first.context.close();
    await second.context.close();
  }
});

test("a name that would turn the page's text around is refused with the reason", async ({ browser }) => {
  const player = await newPlayer(browser, "Plain");
  const page = player.page;
  await page.getByRole("button", { name: "Change name" }).click();
  await page.getByRole("textbox", { name: "Your name" }).fill("\u202Eevil\u202C Guest");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".name-form .error")).toContainText("text-direction controls");
  await player.context.close();
});
