import { type Browser, type Page, expect, test } from "@playwright/test";
import { resultBanner } from "../fixtures/arena.js";
import { DESKTOP, PHONE, twoMovesIn, watchErrors } from "../fixtures/two-players.js";

/** Whether an input's placeholder fits in its box: its text's width (in the input's font) against the box. */
async function placeholderFits(page: Page): Promise<{ text: number; box: number }> {
  return page.getByTestId("chat-input").evaluate((node) => {
    const input = node as HTMLInputElement;
    const style = getComputedStyle(input, "::placeholder");
    const own = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d");
    if (context === null) throw new Error("no canvas");
    context.font = `${style.fontSize} ${own.fontFamily}`;
    const box = input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
    return { text: Math.ceil(context.measureText(input.placeholder).width), box };
  });
}

/** A spectator's page of the room in a language, at a size. */
async function spectator(
  browser: Browser,
  matchId: string,
  locale: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/play/${matchId}`);
  await expect(page.getByTestId("chat-input")).toBeVisible();
  return { context, page, errors };
}

test("the room's small defects: Mute styled, chat fits and stops at 140, no 404 once finished", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { black, white, matchId } = await twoMovesIn(browser, { black: "Rhea", white: "Sami" }, "10+5");
  const errors = watchErrors(black.page);

  // The Mute button is a button like the room's other controls.
  const mute = black.page.getByTestId("chat-mute");
  const resign = black.page.getByRole("button", { name: "Resign" });
  const look = (el: Element) => {
    const s = getComputedStyle(el);
    return [s.borderRadius, s.borderTopStyle, s.backgroundColor, s.cursor].join(" ");
  };
  expect(await mute.evaluate(look)).toBe(await resign.evaluate(look));

  // The chat input stops at the server's 140 characters and counts down only near the end.
  const input = black.page.getByTestId("chat-input");
  await input.fill("y".repeat(60));
  await expect(black.page.getByTestId("chat-counter")).toHaveCount(0);
  await input.fill("y".repeat(200));
  await expect(input).toHaveValue("y".repeat(140));
  await expect(black.page.getByTestId("chat-counter")).toHaveText("0");
  await expect(black.page.getByTestId("chat-send")).toBeEnabled();
  await input.fill("y".repeat(125));
  await expect(black.page.getByTestId("chat-counter")).toHaveText("15");
  await black.page.setViewportSize(DESKTOP);
  await black.page.screenshot({ path: "../docs/screenshots/room-chat-desktop.png" });
  await input.fill("");

  // The placeholder fits, players' and spectators', on a phone and a desktop, in every language.
  for (const viewport of [PHONE, DESKTOP]) {
    await black.page.setViewportSize(viewport);
    const fit = await placeholderFits(black.page);
    expect(fit.text, `players' placeholder at ${viewport.width}px`).toBeLessThanOrEqual(fit.box);
    for (const locale of ["en", "ru", "ja"]) {
      const watcher = await spectator(browser, matchId, locale, viewport);
      const seen = await placeholderFits(watcher.page);
      expect(seen.text, `${locale} spectators' placeholder at ${viewport.width}px`).toBeLessThanOrEqual(
        seen.box,
      );
      if (viewport === PHONE && locale === "en") {
        await watcher.page
          .getByTestId("chat-panel")
          .screenshot({ path: "../docs/screenshots/room-chat-phone.png" });
      }
      expect(watcher.errors).toEqual([]);
      await watcher.context.close();
    }
  }

  // Rhea resigns; the finished room, opened again, asks for no analysis that is not there: no 404.
  await black.page.setViewportSize(DESKTOP);
  await black.page.getByRole("button", { name: "Resign" }).click();
  await black.page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(resultBanner(black.page)).toBeVisible();
  await black.page.reload();
  await expect(black.page.getByTestId("analysis")).toHaveAttribute("data-state", "idle");
  await expect(black.page.getByTestId("analyse")).toBeVisible();
  expect(errors).toEqual([]);
  await black.context.close();
  await white.context.close();
});

test("a missing match answers 404, page and API; every page has the app's own icon", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const missing = "m_no_such_match_27";
  expect((await request.get(`/play/${missing}`)).status()).toBe(404);
  expect((await request.get(`/api/matches/${missing}`)).status()).toBe(404);
  expect((await request.get(`/api/matches/${missing}/analysis`)).status()).toBe(404);

  // The icon: an SVG of the app's own, linked from every page beside the favicon.ico browsers ask for
  // (no request leaves the server; installable.e2e.ts checks the ICO and the manifest).
  await page.goto("/");
  const href = await page.locator('link[rel="icon"][type="image/svg+xml"]').first().getAttribute("href");
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await request.get(href ?? "");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expect(errors).toEqual([]);

  // The not-found page, in the browser: its status is seen as such, and the page says so.
  const answer = await page.goto(`/play/${missing}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: "../docs/screenshots/missing-match-phone.png" });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: "../docs/screenshots/missing-match-desktop.png" });
});
