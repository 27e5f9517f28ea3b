import { type Page, expect, test } from "@playwright/test";

/** The room the tab's own client creates through the protocol, as a bot would (a 7+3 Connect-k room). */
async function openRoom(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const arena = (
      window as unknown as {
        __arena?: {
          request(
            event: string,
            payload: unknown,
          ): Promise<{ ok: boolean; matchId?: string; message?: string }>;
        };
      }
    ).__arena;
    if (arena === undefined) throw new Error("no client");
    const ack = await arena.request("room:create", {
      gameId: "connect-k",
      timeControl: { baseMs: 420_000, incrementMs: 3_000 },
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    if (!ack.ok || ack.matchId === undefined) throw new Error(ack.message ?? "refused");
    return ack.matchId;
  });
}

test("the lobby shows more open games than fit a page a page at a time, the newest first", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Twelve rooms from four guests (each may hold three waiting rooms: docs/protocol.md, "Quotas"). They
  // stay open while their hosts' tabs do.
  const hosts = await Promise.all(Array.from({ length: 4 }, () => browser.newContext()));
  const created: string[] = [];
  for (const context of hosts) {
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator(".session")).toHaveAttribute("data-connection", "connected");
    for (let i = 0; i < 3; i++) created.push(await openRoom(page));
  }
  const newestFirst = [...created].reverse();

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto("/");
  await page.getByRole("combobox", { name: "Filter by game" }).selectOption("connect-k");
  const open = page.getByRole("table", { name: "Open games" });
  const pages = page.getByRole("navigation", { name: "Open games pages" });
  const shown = () =>
    open.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-match")));

  // The first page: the ten newest rooms.
  await expect(open.locator("tbody tr")).toHaveCount(10);
  expect(await shown()).toEqual(newestFirst.slice(0, 10));
  await expect(pages).toContainText("Page 1");
  await expect(pages.getByRole("button", { name: "Newer" })).toBeDisabled();
  await page.screenshot({ path: "screenshots/lobby-pages.png", fullPage: true });

  // The next page starts where the first ended.
  await pages.getByRole("button", { name: "Older" }).click();
  await expect(pages).toContainText("Page 2");
  await expect(open.locator(`tr[data-match="${newestFirst[10]}"]`)).toBeVisible();
  expect((await shown()).slice(0, 2)).toEqual(newestFirst.slice(10, 12));

  // Back on the first page, a room opened now shows at the top, pushed by the server.
  await pages.getByRole("button", { name: "Newer" }).click();
  await expect(open.locator("tbody tr").first()).toHaveAttribute("data-match", newestFirst[0] ?? "");
  const late = await browser.newContext();
  const latePage = await late.newPage();
  await latePage.goto("/");
  await expect(latePage.locator(".session")).toHaveAttribute("data-connection", "connected");
  const newest = await openRoom(latePage);
  await expect(open.locator("tbody tr").first()).toHaveAttribute("data-match", newest);
  await expect(open.locator("tbody tr")).toHaveCount(10);

  for (const context of [...hosts, visitor, late]) await context.close();
});
