import { Othello } from "@arena/engine";
import { expect, test } from "@playwright/test";
import { createGame, moveButtons, newPlayer, resultBanner, square } from "../fixtures/arena.js";

test("a short clock runs out: the game ends on time", { tag: "@cluster" }, async ({ browser }) => {
  test.setTimeout(90_000);
  const fay = await newPlayer(browser, "Fay");
  const page = fay.page;
  await createGame(page, { game: "othello", seats: ["me", "ai"], time: { minutes: 0.1, increment: 0 } });
  await expect(square(page, "f5")).toHaveClass(/playable/);
  await square(page, "f5").click();
  // The AI answers; from then on Fay's six seconds run down while she waits.
  await expect(moveButtons(page)).toHaveCount(2, { timeout: 20_000 });
  const clock = page.getByTestId("clock-0");
  await expect(clock).toHaveClass(/urgent/);
  await expect(resultBanner(page)).toContainText("ran out of time", { timeout: 20_000 });
  await expect(resultBanner(page)).toContainText("Fay");
  await expect(clock).toHaveText("0.0");
  await page.screenshot({ path: "screenshots/timeout.png", fullPage: true });
  await fay.context.close();
});

test("a player resigns after confirming", async ({ browser }) => {
  const gus = await newPlayer(browser, "Gus");
  const page = gus.page;
  await createGame(page, { game: "othello", seats: ["me", "ai"], time: "5+0" });
  await expect(square(page, "d3")).toHaveClass(/playable/);
  // Keyboard entry: an illegal square is refused in place, a legal one is played.
  const input = page.getByRole("textbox", { name: "Move" });
  await input.fill("a1");
  await input.press("Enter");
  await expect(page.getByText("a1 is not legal here")).toBeVisible();
  await expect(moveButtons(page)).toHaveCount(0);
  await input.fill("D3");
  await input.press("Enter");
  await expect(moveButtons(page)).toHaveCount(2, { timeout: 20_000 });
  await expect(square(page, "d3")).toHaveAttribute("data-disc", "black");
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(resultBanner(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(resultBanner(page)).toContainText("Gus (Black) resigned");
  await expect(page.getByRole("button", { name: "Rematch" })).toBeVisible();
  await gus.context.close();
});

test(
  "after the socket drops, the page shows a banner and resyncs without a reload",
  { tag: "@cluster" },
  async ({ browser }) => {
    test.setTimeout(90_000);
    const hal = await newPlayer(browser, "Hal");
    const ivy = await newPlayer(browser, "Ivy");
    const matchId = await createGame(hal.page, { game: "othello", seats: ["me", "open"], time: "10+5" });
    await ivy.page.goto(`/play/${matchId}`);
    await ivy.page.getByTestId("seat-1").getByRole("button", { name: "Sit here" }).click();
    await expect(square(hal.page, "f5")).toHaveClass(/playable/);
    await square(hal.page, "f5").click();
    await expect(moveButtons(hal.page)).toHaveCount(1);

    await hal.page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    await hal.context.setOffline(true);
    await hal.page.evaluate(() => {
      (window as unknown as { __arena?: { dropConnection(): void } }).__arena?.dropConnection();
    });
    await expect(hal.page.getByTestId("connection-banner")).toContainText("Reconnecting");

    // Ivy moves while Hal is away.
    let state = Othello.othello.apply(Othello.othello.initial({}, 0), Othello.parseSquare("f5"));
    const reply = Othello.othello.legalMoves(state)[0] ?? Othello.PASS;
    await expect(square(ivy.page, Othello.squareName(reply))).toHaveClass(/playable/);
    await square(ivy.page, Othello.squareName(reply)).click();
    state = Othello.othello.apply(state, reply);
    await expect(moveButtons(ivy.page)).toHaveCount(2);
    await expect(moveButtons(hal.page)).toHaveCount(1);

    await hal.context.setOffline(false);
    await expect(hal.page.getByTestId("connection-banner")).toHaveCount(0, { timeout: 20_000 });
    await expect(moveButtons(hal.page)).toHaveCount(2);
    await expect(square(hal.page, Othello.squareName(reply))).toHaveAttribute("data-disc", "white");
    expect(await hal.page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    // And play goes on.
    const next = Othello.othello.legalMoves(state)[0];
    if (next !== undefined) {
      await expect(square(hal.page, Othello.squareName(next))).toHaveClass(/playable/);
      await square(hal.page, Othello.squareName(next)).click();
      await expect(moveButtons(ivy.page)).toHaveCount(3);
    }
    await hal.context.close();
    await ivy.context.close();
  },
);
