import { expect, test } from "@playwright/test";
import { createGame, moveButtons, newPlayer, square } from "../fixtures/arena.js";
import { consoleErrors, DESKTOP, shootBoth } from "../fixtures/room-basics.js";

test("in a casual game a player asks for a takeback; the opponent declines once, then accepts", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const jo = await newPlayer(browser, "Jo", { viewport: DESKTOP });
  const kim = await newPlayer(browser, "Kim", { viewport: DESKTOP });
  const errors = consoleErrors(jo.page, kim.page);
  const matchId = await createGame(jo.page, { game: "othello", seats: ["me", "open"], time: "3+2" });
  await kim.page.goto(`/play/${matchId}`);
  await kim.page.getByTestId("seat-1").getByRole("button", { name: "Sit here" }).click();
  // Nothing to take back before one's own first move.
  await expect(jo.page.getByRole("button", { name: "Takeback" })).toBeDisabled();
  await square(jo.page, "f5").click();
  await square(kim.page, "d6").click();
  await square(jo.page, "c3").click();
  await expect(moveButtons(kim.page)).toHaveCount(3);

  // Jo asks with Kim to move: Jo's c3 goes back, Kim declines.
  await jo.page.getByRole("button", { name: "Takeback" }).click();
  await expect(jo.page.getByRole("button", { name: "Takeback requested" })).toBeDisabled();
  await expect(kim.page.getByTestId("takeback-asked")).toContainText("asks to take back");
  await shootBoth(kim.page, "room-takeback", kim.page.getByTestId("takeback-asked"));
  await kim.page.getByRole("button", { name: "Decline" }).click();
  await expect(kim.page.getByTestId("takeback-asked")).toHaveCount(0);
  await expect(moveButtons(jo.page)).toHaveCount(3);

  // Play goes on; Kim asks on its own turn and Jo accepts: Jo's reply and Kim's move go back, as lichess does.
  await square(kim.page, "d3").click();
  await expect(moveButtons(jo.page)).toHaveCount(4);
  await square(jo.page, "c4").click();
  await expect(moveButtons(kim.page)).toHaveCount(5);
  await kim.page.getByRole("button", { name: "Takeback" }).click();
  await jo.page.getByRole("button", { name: "Accept takeback" }).click();
  for (const page of [jo.page, kim.page]) {
    await expect(moveButtons(page)).toHaveCount(3);
    await expect(square(page, "c4")).toHaveAttribute("data-disc", "empty");
    await expect(square(page, "d3")).toHaveAttribute("data-disc", "empty");
  }
  // The earlier position is Kim's to play again, from the board.
  await expect(square(kim.page, "d3")).toHaveClass(/playable/);
  await square(kim.page, "d3").click();
  await expect(moveButtons(jo.page)).toHaveCount(4);

  expect(errors).toEqual([]);
  await jo.context.close();
  await kim.context.close();
});

test("a takeback against the computer is accepted at once", async ({ browser }) => {
  const ann = await newPlayer(browser, "Ann", { viewport: DESKTOP });
  const errors = consoleErrors(ann.page);
  await createGame(ann.page, { game: "othello", seats: ["me", "ai"], time: "3+2", levels: [undefined, 1] });
  await square(ann.page, "f5").click();
  await expect(moveButtons(ann.page)).toHaveCount(2);
  await ann.page.getByRole("button", { name: "Takeback" }).click();
  await expect(moveButtons(ann.page)).toHaveCount(0);
  await expect(square(ann.page, "f5")).toHaveClass(/playable/);
  expect(errors).toEqual([]);
  await ann.context.close();
});
