import { type Page, expect, test } from "@playwright/test";
import { moveButtons, newPlayer, resultBanner } from "../fixtures/arena.js";
import { consoleErrors } from "../fixtures/console.js";

/** Creates a game between two AI seats from the page's own socket and opens its room as a spectator. */
async function watchAiGame(
  page: Page,
  gameId: string,
  options: object,
  levels: readonly number[],
): Promise<string> {
  const matchId = await page.evaluate(
    async ({ gameId, options, levels }) => {
      const arena = (window as unknown as { __arena: { request(e: string, p: unknown): Promise<unknown> } })
        .__arena;
      const ack = (await arena.request("room:create", {
        gameId,
        options,
        timeControl: { baseMs: 120_000, incrementMs: 1_000 },
        seats: levels.map((level) => ({ kind: "ai", level })),
      })) as { ok: boolean; matchId?: string; message?: string };
      if (!ack.ok || ack.matchId === undefined) throw new Error(ack.message ?? "room:create refused");
      return ack.matchId;
    },
    { gameId, options, levels },
  );
  await page.goto(`/play/${encodeURIComponent(matchId)}`);
  return matchId;
}

/** Waits for the end, analyses the game, and checks the chart, the progress bar and the move marks. */
async function analyse(page: Page, name: string, endTimeout = 120_000): Promise<void> {
  await expect(resultBanner(page)).toBeVisible({ timeout: endTimeout });
  const panel = page.getByTestId("analysis");
  await expect(panel.getByTestId("analyse")).toBeVisible();
  await panel.getByTestId("analyse").click();
  // The progress bar shows while the server works (a short game may be done before it is drawn).
  await expect(
    panel.getByRole("progressbar", { name: "Analysis progress" }).or(page.getByTestId("analysis-chart")),
  ).toBeVisible();
  await expect(page.getByTestId("analysis-chart")).toBeVisible({ timeout: 180_000 });
  await expect(panel).toHaveAttribute("data-state", "done");
  const moves = await moveButtons(page).count();
  expect(moves).toBeGreaterThan(0);
  // Every move is classified; the chart and the selected position read in the game's words.
  await expect(moveButtons(page).and(page.locator("[data-class]"))).toHaveCount(moves);
  await expect(page.getByTestId("analysis-position")).not.toBeEmpty();
  await page.screenshot({ path: `screenshots/analysis-${name}.png`, fullPage: true });
}

test.describe("post-game analysis", () => {
  test.setTimeout(300_000);

  test("king and rook: a mate in 2, each White move marked optimal or by the moves it put the mate off", async ({
    browser,
  }) => {
    const viewer = await newPlayer(browser, "Vera");
    const page = viewer.page;
    await watchAiGame(page, "krk", { fen: "7k/8/5K2/8/8/8/8/R7 w - - 0 1" }, [3, 3]);
    await analyse(page, "krk");
    const marks = page.getByTestId("move-mark");
    await expect(marks.first()).toHaveText("optimal");
    await expect(marks).toHaveText(["optimal", "longest", "optimal"]);
    await expect(page.getByTestId("analysis-position")).toContainText("checkmate");
    // The best move drawn on the board of the first position: the squares it leaves and reaches.
    await page.getByRole("button", { name: "First move" }).click();
    await expect(page.getByTestId("analysis-best")).toHaveText(/^[KR][a-h][1-8]/);
    await expect(page.locator(".krk-sq.hint")).toHaveCount(2);
    await page.screenshot({ path: "screenshots/analysis-krk-start.png", fullPage: true });
    await viewer.context.close();
  });

  test("Connect-k's 3×3 toy: the solver's result, marks and the best column", async ({ browser }) => {
    const viewer = await newPlayer(browser, "Cleo");
    const page = viewer.page;
    await watchAiGame(page, "connect-k", { preset: "tiny" }, [1, 1]);
    await analyse(page, "connect-k");
    await page.getByRole("button", { name: "First move" }).click();
    await expect(page.locator(".ck-drop.hint")).toHaveCount(1);
    await expect(page.getByTestId("analysis-position")).toContainText(/wins|draw/);
    await viewer.context.close();
  });

  test("Othello between fast AIs: the disc difference over the game and losses in discs", async ({
    browser,
  }) => {
    const viewer = await newPlayer(browser, "Otto");
    const page = viewer.page;
    await watchAiGame(page, "othello", {}, [1, 1]);
    await analyse(page, "othello", 180_000);
    await expect(page.getByTestId("analysis-position")).toContainText(/Black [+−0]/);
    await page.getByRole("button", { name: "First move" }).click();
    await expect(page.locator(".sq.hint")).toHaveCount(1);
    // Level 1 plays at random: some of its moves lose discs.
    await expect(page.getByTestId("move-mark").first()).toHaveText(/^−\d+$/);
    await viewer.context.close();
  });

  test("Dice of Doom on a small board: each player's chance to win", async ({ browser }) => {
    const viewer = await newPlayer(browser, "Dora");
    const page = viewer.page;
    // Size 4: a size-3 board is sometimes dealt already finished (no move to analyse).
    await watchAiGame(page, "dice-of-doom", { players: 2, size: 4 }, [1, 1]);
    await analyse(page, "dice-of-doom", 180_000);
    await expect(page.getByTestId("analysis-position")).toContainText("%");
    await viewer.context.close();
  });

  test("progress is pushed on the socket: one POST, no request repeating, the state again after a reload", async ({
    browser,
  }) => {
    const viewer = await newPlayer(browser, "Pia");
    const page = viewer.page;
    const errors = consoleErrors(page);
    const matchId = await watchAiGame(page, "othello", {}, [1, 1]);
    await expect(resultBanner(page)).toBeVisible({ timeout: 180_000 });
    const requests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) requests.push(`${request.method()} ${url.pathname}`);
    });
    const panel = page.getByTestId("analysis");
    await panel.getByTestId("analyse").click();
    const bar = panel.getByRole("progressbar", { name: "Analysis progress" });
    const shown = () => bar.evaluate((element) => (element as HTMLProgressElement).value).catch(() => -1);
    // The bar moves on, position by position, from what the socket pushes.
    await expect.poll(shown, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    const before = await shown();
    await expect.poll(shown, { timeout: 60_000 }).toBeGreaterThan(before);
    // A reload asks once where the job is, then listens again.
    await page.reload();
    await expect(panel).toHaveAttribute("data-state", /running|done/);
    await expect(page.getByTestId("analysis-chart")).toBeVisible({ timeout: 180_000 });
    await expect(panel).toHaveAttribute("data-state", "done");
    // One POST started it; nothing was asked again and again while it ran (the page polled every 500 ms).
    const analysis = `/api/matches/${matchId}/analysis`;
    expect(requests.filter((r) => r === `POST ${analysis}`)).toHaveLength(1);
    expect(requests.filter((r) => r === `GET ${analysis}`).length).toBeLessThanOrEqual(2);
    for (const request of new Set(requests)) {
      expect(requests.filter((r) => r === request).length, request).toBeLessThanOrEqual(2);
    }
    expect(errors).toEqual([]);
    await viewer.context.close();
  });

  test("the analysis board evaluates a position set up by hand and refuses an illegal one", async ({
    browser,
  }) => {
    const viewer = await newPlayer(browser, "Abe");
    const page = viewer.page;
    await page.goto("/analysis?game=krk");
    await page.getByRole("textbox", { name: "FEN" }).fill("7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    await page.getByRole("button", { name: "Set up" }).click();
    await page.getByTestId("evaluate").click();
    await expect(page.getByTestId("best-line")).toHaveText("Ra8#");
    await expect(page.getByTestId("evaluation")).toContainText("White mates in 1");
    await page.getByRole("textbox", { name: "FEN" }).fill("7k/8/6K1/8/8/8/8/R6K w - - 0 1");
    await page.getByRole("button", { name: "Set up" }).click();
    await expect(page.getByTestId("position-editor").locator(".error")).toBeVisible();
    await page.screenshot({ path: "screenshots/analysis-board-krk.png", fullPage: true });
    await page.getByRole("combobox", { name: "Game" }).selectOption("othello");
    // An Othello position by hand: e4 turned white, then evaluated.
    await page.getByRole("button", { name: "e4: black" }).click();
    await page.getByTestId("evaluate").click();
    await expect(page.getByTestId("evaluation")).toContainText("Black");
    await expect(page.locator(".sq.hint")).toHaveCount(1);
    await page.screenshot({ path: "screenshots/analysis-board-othello.png", fullPage: true });
    await viewer.context.close();
  });
});
