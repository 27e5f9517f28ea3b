// Reduced motion (issue 31, Build 3; docs/web.md, "Accessibility"): with `prefers-reduced-motion: reduce`
// the boards' disc flips, drops and hover fades take no time and the page does not scroll smoothly; without
// it the same boards animate (so the reading below is of real animations, not of nothing).
import { type Browser, type Page, expect, test } from "@playwright/test";

/** The computed animation and transition times on the board demo after a move on two boards. */
async function motionAfterMoves(browser: Browser, reducedMotion: "reduce" | "no-preference") {
  const context = await browser.newContext({ reducedMotion });
  const page = await context.newPage();
  await page.goto("/board-demo");
  const f5 = page.locator("[data-square=f5]").first();
  await f5.click();
  await expect(f5).toHaveAttribute("data-disc", "black");
  await page.locator(".ck-drop.playable").first().click();
  await expect(page.locator(".ck-disc").first()).toBeVisible();
  const times = await readTimes(page);
  await context.close();
  return times;
}

function readTimes(page: Page) {
  return page.evaluate(() => {
    const each = (selector: string, property: "animationDuration" | "transitionDuration") =>
      [...document.querySelectorAll(selector)].map((el) => getComputedStyle(el)[property]);
    return {
      discFlips: each(".disc", "animationDuration"),
      discDrops: each(".ck-disc", "animationDuration"),
      hexFades: each(".hex polygon", "transitionDuration"),
      scrolling: getComputedStyle(document.documentElement).scrollBehavior,
    };
  });
}

test("reduced motion: the boards' flips, drops and fades take no time", async ({ browser }) => {
  const moving = await motionAfterMoves(browser, "no-preference");
  // Without the preference the boards animate: the measure below sees real animations.
  expect(moving.discFlips.some((time) => time !== "0s")).toBe(true);
  expect(moving.discDrops.some((time) => time !== "0s")).toBe(true);
  expect(moving.hexFades.some((time) => time !== "0s")).toBe(true);

  const still = await motionAfterMoves(browser, "reduce");
  expect(still.discFlips.length).toBeGreaterThan(4);
  expect(still.discDrops.length).toBeGreaterThan(0);
  expect(still.hexFades.length).toBeGreaterThan(10);
  expect(new Set([...still.discFlips, ...still.discDrops, ...still.hexFades])).toEqual(new Set(["0s"]));
  expect(still.scrolling).toBe("auto");
});
