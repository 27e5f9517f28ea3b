import { Othello } from "@arena/engine";
import { type Browser, expect, test } from "@playwright/test";
import { createGame, moveButtons, newPlayer, type Player, resultBanner, square } from "../fixtures/arena.js";

/** Lee (black) and Max (white) each play one move of a 3+2 Othello game, then Max is to leave. */
async function twoMovesIn(browser: Browser): Promise<{ lee: Player; max: Player }> {
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
  return { lee, max };
}

test(
  "when the opponent leaves, the player sees them go and claims the win",
  { tag: "@cluster" },
  async ({ browser }) => {
    test.setTimeout(90_000);
    const { lee, max } = await twoMovesIn(browser);

    // Max leaves the room for the lobby: a deliberate exit (unwatch), gone after ten seconds. Should the
    // unwatch be lost with the connection, a dropped connection is gone after the blitz timeout of 40 s
    // (docs/clocks.md §6): the wait covers both.
    await max.page.getByRole("link", { name: "Lobby" }).first().click();
    await expect(lee.page.getByTestId("presence-1")).toContainText("offline");
    await expect(lee.page.getByTestId("presence-1")).toContainText("gone", { timeout: 50_000 });
    await lee.page.getByRole("button", { name: "Claim victory" }).click();
    await expect(resultBanner(lee.page)).toContainText("Lee (Black) wins");
    await expect(resultBanner(lee.page)).toContainText("Max (White) left the game");
    await lee.context.close();
    await max.context.close();
  },
);

test("closing the page is a deliberate exit: the opponent sees the short timeout", async ({ browser }) => {
  test.setTimeout(90_000);
  const { lee, max } = await twoMovesIn(browser);

  // A full unload (another address, or closing the tab) sends an unwatch on pagehide: gone after the
  // deliberate ten seconds, well before the 40 s a dropped blitz connection gets (docs/clocks.md §6).
  await max.page.goto("about:blank");
  await expect(lee.page.getByTestId("presence-1")).toContainText("offline");
  await expect(lee.page.getByTestId("presence-1")).toContainText("gone", { timeout: 25_000 });
  await expect(lee.page.getByRole("button", { name: "Claim victory" })).toBeVisible();
  await lee.context.close();
  await max.context.close();
});
