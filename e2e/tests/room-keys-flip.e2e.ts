import { expect, test } from "@playwright/test";
import { board, createGame, moveButtons, newPlayer, square } from "../fixtures/arena.js";
import { consoleErrors, DESKTOP, shootBoth } from "../fixtures/room-basics.js";

test("arrow keys, Home and End step through the moves for a player and a spectator, not while typing in the chat", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const jo = await newPlayer(browser, "Jo", { viewport: DESKTOP });
  const kim = await newPlayer(browser, "Kim", { viewport: DESKTOP });
  const eve = await newPlayer(browser, "Eve", { viewport: DESKTOP });
  const errors = consoleErrors(jo.page, kim.page, eve.page);
  const matchId = await createGame(jo.page, { game: "othello", seats: ["me", "open"], time: "3+2" });
  await kim.page.goto(`/play/${matchId}`);
  await kim.page.getByTestId("seat-1").getByRole("button", { name: "Sit here" }).click();
  await eve.page.goto(`/play/${matchId}`);
  for (const [page, name] of [
    [jo.page, "f5"],
    [kim.page, "d6"],
    [jo.page, "c3"],
  ] as const) {
    await square(page, name).click();
  }
  await expect(moveButtons(eve.page)).toHaveCount(3);

  for (const page of [jo.page, eve.page]) {
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("replay-ply")).toHaveText("2/3");
    await expect(square(page, "c3")).toHaveAttribute("data-disc", "empty");
    await expect(page.getByTestId("replaying")).toBeVisible();
    await page.keyboard.press("Home");
    await expect(page.getByTestId("replay-ply")).toHaveText("0/3");
    await expect(square(page, "f5")).toHaveAttribute("data-disc", "empty");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("replay-ply")).toHaveText("1/3");
    await expect(square(page, "f5")).toHaveAttribute("data-disc", "black");
    if (page === eve.page) await shootBoth(page, "room-replay");
    await page.keyboard.press("End");
    await expect(page.getByTestId("replay-ply")).toHaveText("3/3");
    await expect(page.getByTestId("replaying")).toHaveCount(0);
    await expect(square(page, "c3")).toHaveAttribute("data-disc", "black");
  }

  // Keys typed into the chat stay the chat's.
  const chat = jo.page.getByTestId("chat-panel").getByRole("textbox").first();
  await chat.click();
  await chat.fill("hello");
  await jo.page.keyboard.press("ArrowLeft");
  await jo.page.keyboard.press("Home");
  await jo.page.keyboard.press("f");
  await expect(jo.page.getByTestId("replay-ply")).toHaveText("3/3");
  await expect(jo.page.locator(".othello")).not.toHaveAttribute("data-flipped", "true");

  // "Back to live" leaves a replay from the buttons too.
  await jo.page.getByRole("heading", { level: 1 }).click();
  await jo.page.keyboard.press("ArrowLeft");
  await jo.page.getByRole("button", { name: "Back to live" }).click();
  await expect(jo.page.getByTestId("replay-ply")).toHaveText("3/3");

  expect(errors).toEqual([]);
  for (const p of [jo, kim, eve]) await p.context.close();
});

test("the board flips with its button and the f key, coordinates too, and stays flipped for this game", async ({
  browser,
}) => {
  const ann = await newPlayer(browser, "Ann", { viewport: DESKTOP });
  const errors = consoleErrors(ann.page);
  await createGame(ann.page, { game: "othello", seats: ["me", "ai"], time: "3+2", levels: [undefined, 1] });
  const frame = ann.page.locator(".othello");
  const files = ann.page.locator(".othello-files span");
  await expect(files.first()).toHaveText("a");
  await ann.page.getByTestId("flip-board").click();
  await expect(frame).toHaveAttribute("data-flipped", "true");
  await expect(files.first()).toHaveText("h");
  await expect(ann.page.locator(".othello-ranks span").first()).toHaveText("8");
  // The top-left square is now h8.
  await expect(board(ann.page).locator("button").first()).toHaveAttribute("data-square", "h8");
  await shootBoth(ann.page, "room-flipped");
  // Remembered for this game across a reload.
  await ann.page.reload();
  await expect(frame).toHaveAttribute("data-flipped", "true");
  await ann.page.getByRole("heading", { level: 1 }).click();
  await ann.page.keyboard.press("f");
  await expect(frame).not.toHaveAttribute("data-flipped", "true");
  await expect(files.first()).toHaveText("a");
  expect(errors).toEqual([]);
  await ann.context.close();
});
