import { Othello } from "@arena/engine";
import { expect, test } from "@playwright/test";
import { createGame, moveButtons, newPlayer, resultBanner, square } from "../fixtures/arena.js";

test("when the opponent leaves, the player sees them go and claims the win", async ({ browser }) => {
  test.setTimeout(90_000);
  const lee = await newPlayer(browser, "Lee");
  const max = await newPlayer(browser, "Max");
  const matchId = await createGame(lee.page, { game: "othello", seats: ["me", "open"], time: "3+2" });
  await max.page.goto(`/play/${matchId}`);
  await max.page.getByTestId("seat-1").getByRole("button", { name: "Sit here" }).click();
  await expect(square(lee.page, "f5")).toHaveClass(/playable/);
  await square(lee.page, "f5").click();
  const state = Othello.othello.apply(Othello.othello.initial({}, 0), Othello.parseSquare("f5"));
  const reply = Othello.squareName(Othello.othello.legalMoves(state)[0] ?? Othello.PASS);
  await expect(square(max.page, reply)).toHaveClass(/playable/);
  await square(max.page, reply).click();
  await expect(moveButtons(lee.page)).toHaveCount(2);

  // Max leaves the room for the lobby: a deliberate exit (unwatch), gone after ten seconds. If the page
  // unloads before the unwatch reaches the server it counts as a dropped connection, gone after the
  // blitz timeout of 40 s (clocks.md §6), so the wait covers both.
  await max.page.getByRole("link", { name: "Lobby" }).first().click();
  await expect(lee.page.getByTestId("presence-1")).toContainText("offline");
  await expect(lee.page.getByTestId("presence-1")).toContainText("gone", { timeout: 50_000 });
  await lee.page.getByRole("button", { name: "Claim victory" }).click();
  await expect(resultBanner(lee.page)).toContainText("Lee (Black) wins");
  await expect(resultBanner(lee.page)).toContainText("Max (White) left the game");
  await lee.context.close();
  await max.context.close();
});
