import { expect, test } from "@playwright/test";

// What a first load fetches besides its own page (docs/web.md, "Light pages"): the header's links used to
// prefetch every page they named as soon as they were shown (a dozen requests and their parsing on every
// load); now a link prefetches when a pointer or the keyboard reaches it. The two fonts are subsets of
// about 40 KB each, not the 70 KB variable fonts.

const isPrefetch = (url: string) => new URL(url).searchParams.has("_rsc");

test("a first load prefetches no other page, and a header link prefetches its own on hover", async ({
  page,
}) => {
  const prefetched: string[] = [];
  const fonts = new Map<string, number>();
  page.on("request", (request) => {
    if (isPrefetch(request.url())) prefetched.push(new URL(request.url()).pathname);
  });
  page.on("response", async (response) => {
    if (!response.url().endsWith(".woff2")) return;
    fonts.set(response.url(), (await response.body()).length);
  });
  await page.goto("/how-to-play/othello");
  // Hydrated and connected, then half a second without a request: when the links prefetched on sight,
  // they had done so by then.
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
  await page.waitForLoadState("networkidle");
  expect(prefetched).toEqual([]);

  const fontSizes = [...fonts.values()];
  expect(fontSizes.length).toBeGreaterThan(0);
  for (const size of fontSizes) expect(size).toBeLessThan(45_000);

  const nav = page.getByRole("navigation").first();
  await nav.getByRole("link", { name: "Leaderboard" }).hover();
  await expect.poll(() => prefetched).toContain("/leaderboard");
  await nav.getByRole("link", { name: "Leaderboard" }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
});
