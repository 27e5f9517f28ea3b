import { expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { createGame, resultBanner, sitButton, square } from "../fixtures/arena.js";
import { watchErrors } from "../fixtures/two-players.js";

// The room and the profile carry their largest element in the first HTML, read before any script runs,
// and the lobby its quick-pairing grid (docs/web.md, "Light pages"); the page's client then takes over
// without an error.

/** The opening tag of the element whose attributes include `attribute` exactly, or null. */
function tagWith(html: string, attribute: string): string | null {
  return (
    html.match(new RegExp(`<[a-z]+ [^>]*${attribute.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^>]*>`))?.[0] ??
    null
  );
}

test("the first HTML of a room holds its board and of a profile its rating", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).slice(-5);
  const [kim, lou] = [`Kim_${stamp}`, `Lou_${stamp}`];
  const kimPage = await (await browser.newContext()).newPage();
  const louPage = await (await browser.newContext()).newPage();
  for (const page of [kimPage, louPage]) await page.goto("/");
  await registerAccount(kimPage, kim);
  await registerAccount(louPage, lou);
  const matchId = await createGame(kimPage, {
    game: "othello",
    seats: ["me", "open"],
    time: "5+0",
    rated: true,
  });
  await louPage.goto(`/play/${matchId}`);
  await sitButton(louPage, 1).click();
  await square(kimPage, "f5").click();
  await expect(square(louPage, "f5")).toHaveAttribute("data-disc", "black");

  // The room's HTML: the game's board as a grid, f5 black as just played, and the seats' names.
  const room = await request.get(`/play/${encodeURIComponent(matchId)}`);
  expect(room.status()).toBe(200);
  const roomHtml = await room.text();
  expect(tagWith(roomHtml, 'aria-label="Othello board"')).toContain('role="grid"');
  const f5 = tagWith(roomHtml, 'data-square="f5"');
  expect(f5).toContain('data-disc="black"');
  expect(f5).toMatch(/aria-label="f5, /);
  expect(roomHtml).toContain(kim);
  expect(roomHtml).toContain(lou);

  // The page hydrates with that board and the socket's room takes over, keeping the very board the HTML
  // parser built: no node of it is painted anew (docs/web.md, "Light pages").
  const errors = watchErrors(kimPage);
  await kimPage.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const board = document.querySelector('[aria-label="Othello board"]');
      if (board === null) return;
      (window as unknown as { firstBoard: Element }).firstBoard = board;
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await kimPage.reload();
  await expect(kimPage.locator(".room")).toHaveAttribute("data-status", "live");
  await expect(square(kimPage, "f5")).toHaveAttribute("data-disc", "black");
  const kept = await kimPage.evaluate(() => {
    const first = (window as unknown as { firstBoard?: Element }).firstBoard;
    return first !== undefined && first === document.querySelector('[aria-label="Othello board"]');
  });
  expect(kept).toBe(true);

  // A move each makes the game count for the ratings.
  await square(louPage, "f6").click();
  await expect(square(kimPage, "f6")).toHaveAttribute("data-disc", "white");
  await louPage.getByRole("button", { name: "Resign" }).click();
  await louPage.getByRole("button", { name: "Yes, resign" }).click();
  await expect(resultBanner(kimPage)).toContainText("resigned");

  // The profile's HTML, once the game is recorded: the rating the page then shows.
  await kimPage.goto(`/@/${kim}`);
  const shown = kimPage.getByTestId("rating-othello-blitz");
  await expect(shown).toHaveText(/^\d+/);
  const profile = await request.get(`/@/${kim}`);
  expect(profile.status()).toBe(200);
  const profileHtml = await profile.text();
  const cell = tagWith(profileHtml, 'data-testid="rating-othello-blitz"') ?? "";
  expect(cell).not.toBe("");
  const served = profileHtml.slice(profileHtml.indexOf(cell) + cell.length).match(/^[^<]*/)?.[0];
  expect(served).toBe(await shown.textContent());
  // A guest's browser (`request` has no cookie) gets the guest's Follow row drawn in the first HTML, its
  // largest paint done there; one that has held an account (Lou's) gets its place kept unseen.
  expect(tagWith(profileHtml, 'class="follow-row"')).not.toBeNull();
  const louCookies = await louPage.context().cookies();
  expect(louCookies.find((c) => c.name === "arena_account")?.value).toBe("1");
  const louHtml = await (await louPage.request.get(`/@/${kim}`)).text();
  expect(tagWith(louHtml, 'class="follow-row pending"')).not.toBeNull();
  expect(errors).toEqual([]);
  for (const page of [kimPage, louPage]) await page.context().close();
});

test("the first HTML of the lobby holds the quick-pairing grid", async ({ page, request }) => {
  const lobby = await request.get("/");
  expect(lobby.status()).toBe(200);
  const html = await lobby.text();
  const pools = [...html.matchAll(/data-testid="pool-cell"[^>]*data-pool="([^"]+)"/g)].map((m) => m[1]);
  expect(pools).toContain("othello:1+0");

  // The browser's grid is the same list, in the same order.
  const errors = watchErrors(page);
  await page.goto("/");
  const cells = page.getByTestId("quick-pairing").getByTestId("pool-cell");
  await expect(cells.first()).toBeEnabled();
  expect(await cells.evaluateAll((all) => all.map((cell) => cell.getAttribute("data-pool")))).toEqual(pools);
  expect(errors).toEqual([]);
});
