import { type Page, expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { createGame } from "../fixtures/arena.js";

// No page moves under the reader while it loads (issue 31 asks for a cumulative layout shift below 0.05;
// these pages hold 0.01, well under any one row's shift): the lobby's
// quick buttons and quick-pairing grid, the profile's rows, and a live room's board and tools come in the
// first HTML or keep their place (docs/web.md, "Light pages"). Lighthouse measures the phone size only; a desktop lays the lobby out
// differently (the grid above the room lists), so both sizes are loaded here.

const SIZES = [
  { name: "phone", viewport: { width: 412, height: 823 } },
  { name: "desktop", viewport: { width: 1350, height: 940 } },
] as const;

/** The page's cumulative layout shift so far, from the browser's own `layout-shift` entries. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
          done(total);
        }).observe({ type: "layout-shift", buffered: true });
        // No entry at all: the observer's callback never runs.
        setTimeout(() => done(total), 200);
      }),
  );
}

/** Loads `path` fresh and waits until its socket is connected and the network has gone quiet. */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
  await page.waitForLoadState("networkidle");
}

let profile = "";
let room = "";
// The host stays in its room against the computer, so the room is live while it is loaded.
let host: Page | null = null;

test.beforeAll(async ({ browser }) => {
  host = await browser.newPage();
  await host.goto("/");
  profile = `Shift_${Date.now().toString(36).slice(-5)}`;
  await registerAccount(host, profile);
  room = `/play/${await createGame(host, { game: "othello", seats: ["me", "ai"], time: "10+5" })}`;
});

test.afterAll(async () => {
  await host?.close();
});

for (const { name, viewport } of SIZES) {
  test(`the lobby, a profile, a live room and a how-to-play page do not shift while they load (${name})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    for (const path of ["/", `/@/${profile}`, room, "/how-to-play/othello"]) {
      const page = await context.newPage();
      await settle(page, path);
      expect(await layoutShift(page), path).toBeLessThan(0.01);
      await page.close();
    }
    await context.close();
  });
}
