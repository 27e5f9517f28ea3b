import { Othello } from "@arena/engine";
import { expect, test } from "@playwright/test";
import { board, createGame, moveButtons, newPlayer, resultBanner, square } from "../fixtures/arena.js";
import { expectBoardOf, playOthelloToEnd } from "../fixtures/othello.js";

test("two players play Othello to the end through the UI while a third watches every move", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await newPlayer(browser, "Alice");
  const bob = await newPlayer(browser, "Bob");
  const carol = await newPlayer(browser, "Carol");

  const matchId = await createGame(alice.page, { game: "othello", seats: ["me", "open"], time: "15+10" });
  await expect(alice.page.getByText("Waiting for players")).toBeVisible();
  await expect(alice.page.getByRole("textbox", { name: "Invite link" })).toHaveValue(
    new RegExp(`/play/${matchId}`),
  );

  // Bob finds the room in the lobby's open games and takes the free seat with one click on Join.
  const openRow = bob.page.getByRole("table", { name: "Open games" }).locator(`tr[data-match="${matchId}"]`);
  await expect(openRow).toContainText("Alice");
  await bob.page.screenshot({ path: "screenshots/lobby-open-game.png", fullPage: true });
  await openRow.getByRole("link", { name: "Join" }).click();
  await bob.page.waitForURL(new RegExp(`/play/${matchId}`));
  await expect(alice.page.getByTestId("seat-1")).toContainText("Bob");
  await expect(board(alice.page)).toBeVisible();

  // Carol watches from the lobby's live games.
  const liveRow = carol.page
    .getByRole("table", { name: "Live games" })
    .locator(`tr[data-match="${matchId}"]`);
  await expect(liveRow).toBeVisible();
  await liveRow.getByRole("link", { name: "Watch" }).click();
  await carol.page.waitForURL(new RegExp(`/play/${matchId}`));
  await expect(board(carol.page)).toBeVisible();
  await expect(alice.page.getByTestId("viewers")).toHaveText("1 viewer");
  await expect(carol.page.getByRole("button", { name: "Resign" })).toHaveCount(0);

  // Legality: an illegal square, or a legal one clicked out of turn, changes nothing.
  await square(alice.page, "a1").click();
  await square(bob.page, "f5").click();
  await carol.page.waitForTimeout(300);
  await expect(square(alice.page, "a1")).toHaveAttribute("data-disc", "empty");
  await expect(square(carol.page, "f5")).toHaveAttribute("data-disc", "empty");
  await expect(moveButtons(carol.page)).toHaveCount(0);

  const { state, moves: played } = await playOthelloToEnd({
    black: alice.page,
    white: bob.page,
    watchers: [carol.page],
    afterMove: async (now) => {
      if (now.ply === 10)
        await alice.page.screenshot({ path: "screenshots/room-othello.png", fullPage: true });
    },
  });

  // Every page shows the final result and the same board as the engine.
  for (const page of [alice.page, bob.page, carol.page]) {
    await expect(resultBanner(page)).toContainText("by score");
  }
  await expectBoardOf(carol.page, state);
  const counts = Othello.discCounts(state);
  await expect(carol.page.getByTestId("disc-counts")).toContainText(`Black ${counts.black}`);
  await expect(carol.page.getByTestId("disc-counts")).toContainText(`White ${counts.white}`);
  await carol.page.screenshot({ path: "screenshots/othello-finished.png", fullPage: true });

  // Replay and export for the spectator.
  await carol.page.getByRole("button", { name: "First move" }).click();
  await expect(carol.page.getByTestId("replay-ply")).toHaveText(`0/${state.ply}`);
  await expect(square(carol.page, "d4")).toHaveAttribute("data-disc", "white");
  await expect(square(carol.page, "e4")).toHaveAttribute("data-disc", "black");
  await carol.page.getByRole("button", { name: "Next move" }).click();
  await expect(carol.page.getByTestId("replay-ply")).toHaveText(`1/${state.ply}`);
  const first = played[0];
  if (first !== undefined)
    await expect(square(carol.page, Othello.squareName(first))).toHaveAttribute("data-disc", "black");
  await carol.page.getByText("Export").click();
  await expect(carol.page.getByRole("textbox", { name: "Transcript" })).toHaveValue(
    Othello.formatTranscript(played),
  );
  await expect(carol.page.getByRole("textbox", { name: "GGF" })).toHaveValue(
    /^\(;GM\[Othello\].*PB\[Alice\]PW\[Bob\]/,
  );

  for (const p of [alice, bob, carol]) await p.context.close();
});
