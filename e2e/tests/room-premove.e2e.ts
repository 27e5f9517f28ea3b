import { expect, test } from "@playwright/test";
import { createGame, moveButtons, newPlayer, square } from "../fixtures/arena.js";
import { consoleErrors, DESKTOP, shootBoth } from "../fixtures/room-basics.js";

test("a premove is queued on the opponent's turn, cancelled by a click, sent when the turn comes, dropped when no longer legal", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const jo = await newPlayer(browser, "Jo", { viewport: DESKTOP });
  const kim = await newPlayer(browser, "Kim", { viewport: DESKTOP });
  const errors = consoleErrors(jo.page, kim.page);
  const matchId = await createGame(jo.page, { game: "othello", seats: ["me", "open"], time: "3+2" });
  await kim.page.goto(`/play/${matchId}`);
  await kim.page.getByTestId("seat-1").getByRole("button", { name: "Sit here" }).click();
  await square(jo.page, "f5").click();
  await expect(moveButtons(jo.page)).toHaveCount(1);

  // White to move: Black's click on an empty square queues a premove; the same square again cancels it.
  const c3 = square(jo.page, "c3");
  await c3.click();
  await expect(c3).toHaveAttribute("data-premove", "true");
  await expect(jo.page.getByTestId("premove")).toContainText("c3");
  await c3.click();
  await expect(c3).not.toHaveAttribute("data-premove", "true");
  // A click elsewhere on the page cancels it too.
  await c3.click();
  await expect(c3).toHaveAttribute("data-premove", "true");
  await jo.page.getByRole("heading", { level: 1 }).click();
  await expect(jo.page.getByTestId("premove")).toHaveCount(0);
  await c3.click();
  await shootBoth(jo.page, "room-premove");

  // White replies: the premove goes out on that position at once.
  await square(kim.page, "d6").click();
  for (const page of [jo.page, kim.page]) {
    await expect(moveButtons(page)).toHaveCount(3);
    await expect(square(page, "c3")).toHaveAttribute("data-disc", "black");
  }
  await expect(jo.page.getByTestId("premove")).toHaveCount(0);

  // White plays d3 and queues c4 while Black is to move; Black plays c4 first: White's premove is
  // dropped with a cue, and nothing is sent.
  await square(kim.page, "d3").click();
  await expect(moveButtons(jo.page)).toHaveCount(4);
  await square(kim.page, "c4").click();
  await expect(square(kim.page, "c4")).toHaveAttribute("data-premove", "true");
  await square(jo.page, "c4").click();
  await expect(kim.page.getByTestId("premove-dropped")).toContainText("c4");
  await expect(moveButtons(kim.page)).toHaveCount(5);
  await expect(square(kim.page, "c4")).toHaveAttribute("data-disc", "black");

  expect(errors).toEqual([]);
  await jo.context.close();
  await kim.context.close();
});

test("a premove on Connect-k: a column is queued on the opponent's turn and dropped in when the turn comes", async ({
  browser,
}) => {
  const jo = await newPlayer(browser, "Jo", { viewport: DESKTOP });
  const kim = await newPlayer(browser, "Kim", { viewport: DESKTOP });
  const errors = consoleErrors(jo.page, kim.page);
  const matchId = await createGame(jo.page, { game: "connect-k", seats: ["me", "open"], time: "3+2" });
  await kim.page.goto(`/play/${matchId}`);
  await kim.page.getByTestId("seat-1").getByRole("button", { name: "Sit here" }).click();
  const column = (page: typeof jo.page, n: number) =>
    page.getByRole("button", { name: new RegExp(`^column ${n},`) });
  await column(jo.page, 4).click();
  await expect(moveButtons(kim.page)).toHaveCount(1);
  // Red queues column 3 while Yellow is to move; Yellow plays column 4; Red's disc drops in column 3 at once.
  await column(jo.page, 3).click();
  await expect(column(jo.page, 3)).toHaveAttribute("data-premove", "true");
  await column(kim.page, 4).click();
  for (const page of [jo.page, kim.page]) {
    await expect(moveButtons(page)).toHaveCount(3);
    await expect(page.locator('[aria-label="3-1"]')).toHaveAttribute("data-owner", "0");
  }
  expect(errors).toEqual([]);
  await jo.context.close();
  await kim.context.close();
});
