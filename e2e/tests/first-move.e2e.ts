import { expect, test } from "@playwright/test";
import { createGame, moveButtons, newPlayer, resultBanner, sitButton, square } from "../fixtures/arena.js";

test("before a seat's first move its clock stands still and a first-move countdown runs to the abort", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ria = await newPlayer(browser, "Ria");
  const sam = await newPlayer(browser, "Sam");
  // 12 s + 0 is ultrabullet: each side has 15 s for its first move (docs/clocks.md §4).
  const matchId = await createGame(ria.page, {
    game: "othello",
    seats: ["me", "open"],
    time: { minutes: 0.2, increment: 0 },
  });
  await sam.page.goto(`/play/${matchId}`);
  await sitButton(sam.page, 1).click();

  // Black is to move: a countdown ticks, Black's clock does not, White has no countdown yet.
  const countdown = ria.page.getByTestId("first-move-0");
  const clock = ria.page.getByTestId("clock-0");
  await expect(countdown).toHaveText(/^First move: 0:1[0-5]$/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before ?? "");
  await expect(clock).toHaveText("0:12");
  await expect(sam.page.getByTestId("first-move-0")).toBeVisible();
  await expect(ria.page.getByTestId("first-move-1")).toHaveCount(0);
  await ria.page.screenshot({ path: "screenshots/first-move.png", fullPage: true });

  // After the move the countdown is gone and Black's clock still reads its full 12 s.
  await square(ria.page, "f5").click();
  await expect(moveButtons(ria.page)).toHaveCount(1);
  await expect(countdown).toHaveCount(0);
  await expect(clock).toHaveText("0:12");
  await expect(clock).not.toHaveClass(/running/);

  // Now White's countdown runs; it turns urgent in its last seconds, and the game is aborted unplayed.
  const white = sam.page.getByTestId("first-move-1");
  await expect(white).toBeVisible();
  await expect(sam.page.getByTestId("clock-1")).toHaveText("0:12");
  await expect(white).toHaveClass(/urgent/, { timeout: 15_000 });
  await expect(resultBanner(sam.page)).toContainText("Game aborted", { timeout: 15_000 });
  await expect(resultBanner(ria.page)).toContainText("Game aborted");
  await expect(white).toHaveCount(0);
  await expect(clock).toHaveText("0:12");
  await ria.context.close();
  await sam.context.close();
});
