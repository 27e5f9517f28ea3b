import { expect, type Page, test } from "@playwright/test";
import { board, createGame, newPlayer } from "../fixtures/arena.js";
import { registerAccount } from "../fixtures/accounts.js";
import { consoleErrors } from "../fixtures/console.js";
import { installContrast } from "../fixtures/contrast.js";

// Dark mode (docs/web.md, "Dark mode"): the system's theme unless one is chosen in the header, kept in
// localStorage and set before the first paint.

const theme = (page: Page) => page.locator("html");

/**
 * Text on the page whose contrast with what is behind it is under WCAG AA (4.5:1), as "text (ratio)".
 * Boards, disabled controls and text inside SVG keep their own colours and are left out.
 */
async function lowContrast(page: Page): Promise<string[]> {
  await installContrast(page);
  return page.evaluate(() => {
    const { parse, background, ratio: contrast } = window.arenaContrast!;
    const found: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      if (el.closest("svg, [role=grid], .board, .connectk-grid, [disabled], option, script, style") !== null)
        continue;
      const own = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
      );
      if (!own) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || style.visibility === "hidden" || Number(style.opacity) < 0.6) continue;
      const ratio = contrast(parse(style.color), background(el));
      if (ratio < 4.5) found.push(`${(el.textContent ?? "").trim().slice(0, 30)} (${ratio.toFixed(2)})`);
    }
    return found;
  });
}

test("follows the system's preference until a theme is chosen, and keeps the choice before the first paint", async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  const errors = consoleErrors(page);
  await page.goto("/");
  await expect(theme(page)).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("theme-switcher")).toHaveValue("system");
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
    "rgb(244, 241, 234)",
  );

  // The system turns light: the page follows at once.
  await page.emulateMedia({ colorScheme: "light" });
  await expect(theme(page)).toHaveAttribute("data-theme", "light");

  // Dark chosen: kept over the system's light, and already set when the HTML is parsed (no flash).
  await page.getByTestId("theme-switcher").selectOption("dark");
  await expect(theme(page)).toHaveAttribute("data-theme", "dark");
  await page.reload({ waitUntil: "commit" });
  await page.waitForFunction(() => document.body !== null);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  await expect(page.getByTestId("theme-switcher")).toHaveValue("dark");

  // Light chosen under a dark system; "system" hands it back to the system.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.getByTestId("theme-switcher").selectOption("light");
  await expect(theme(page)).toHaveAttribute("data-theme", "light");
  await page.getByTestId("theme-switcher").selectOption("system");
  await expect(theme(page)).toHaveAttribute("data-theme", "dark");
  expect(errors).toEqual([]);
  await context.close();
});

test("every page is readable in dark (AA contrast), desktop and phone, and in light", async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = String(Date.now() % 100_000);
  const name = `Dee${suffix}`;
  const host = await newPlayer(browser, "Dee", { colorScheme: "dark" });
  const errors = consoleErrors(host.page);
  await registerAccount(host.page, name);
  const matchId = await createGame(host.page, { game: "othello", seats: ["me", "ai"], time: "10+5" });
  await expect(board(host.page)).toBeVisible();
  const pages: readonly (readonly [string, string])[] = [
    ["lobby", "/"],
    ["room", `/play/${matchId}`],
    ["profile", `/@/${name}`],
    ["leaderboard", "/leaderboard"],
    ["how-to-play", "/how-to-play"],
    ["how-to-play-othello", "/how-to-play/othello"],
    ["boards", "/board-demo"],
    ["analysis", "/analysis"],
  ];
  const problems: string[] = [];
  for (const [viewport, size] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await host.page.setViewportSize(size);
    for (const [label, path] of pages) {
      await host.page.goto(path);
      await expect(theme(host.page)).toHaveAttribute("data-theme", "dark");
      await expect(host.page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
      await host.page.waitForLoadState("networkidle").catch(() => undefined);
      for (const text of await lowContrast(host.page)) problems.push(`${label} ${viewport}: ${text}`);
      await host.page.screenshot({ path: `../docs/screenshots/dark-${label}-${viewport}.png` });
    }
  }
  // The light theme meets the same bar on the same pages.
  await host.page.evaluate(() => localStorage.setItem("arena.theme", "light"));
  for (const [label, path] of pages) {
    await host.page.goto(path);
    await expect(theme(host.page)).toHaveAttribute("data-theme", "light");
    await host.page.waitForLoadState("networkidle").catch(() => undefined);
    for (const text of await lowContrast(host.page)) problems.push(`${label} light: ${text}`);
  }
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});
