import * as Krk from "@arena/engine/games/krk/index";
import { GAME_IDS } from "@arena/engine/registry";
import { type Page, expect, test } from "@playwright/test";
import {
  chessBoard,
  chessPieces,
  createGame,
  moveButtons,
  newPlayer,
  resultBanner,
} from "../fixtures/arena.js";
import { consoleErrors, shootBoth } from "../fixtures/room-basics.js";
import { cursorTo, nearestToFocus, tabInto } from "../fixtures/keyboard.js";

// Issue 31: each of the four games played to its end with the keyboard alone. The games are set up with
// the lobby's form (fixtures/arena.ts); every move is Tab, the arrow keys and Enter (fixtures/keyboard.ts):
// no click on a board. The page is read to choose the move, as a player reads the board's names.

/** Resolves once the viewer may play (`mine` shows) or the game has ended; true for the viewer's turn. */
async function myTurn(page: Page, mine: ReturnType<Page["locator"]>): Promise<boolean> {
  const banner = resultBanner(page);
  await expect(mine.first().or(banner)).toBeVisible({ timeout: 30_000 });
  return !(await banner.isVisible());
}

/** Enter on the cursor, then waits for the move list to grow. */
async function playHere(page: Page): Promise<void> {
  const before = await moveButtons(page).count();
  await page.keyboard.press("Enter");
  await expect(moveButtons(page)).not.toHaveCount(before);
}

test("Othello against the computer, played to the end from the keyboard", async ({ browser }) => {
  test.setTimeout(120_000);
  const ola = await newPlayer(browser, "Ola");
  const page = ola.page;
  const errors = consoleErrors(page);
  await createGame(page, { game: "othello", seats: ["me", "ai"], levels: [undefined, 1] });
  const grid = page.getByRole("grid", { name: "Othello board" });
  await tabInto(page, grid);
  // The cursor starts on a legal square, named with the discs it flips.
  await expect(grid.locator("button:focus")).toHaveAccessibleName(/^[a-h][1-8], empty, legal, flips 1$/);
  const playable = grid.locator("button.playable");
  let first = true;
  while (await myTurn(page, playable)) {
    const square = await nearestToFocus(grid, "button.playable", "data-square");
    await cursorTo(page, grid, `button[data-square="${square}"]`, /, empty, legal, flips \d+$/);
    await playHere(page);
    if (first) {
      // Inside the board the arrows are the cursor's: the page's ← (one move back) stays out.
      await page.keyboard.press("ArrowLeft");
      await expect(page.getByTestId("replaying")).toHaveCount(0);
      first = false;
    }
  }
  await expect(resultBanner(page)).toContainText(/wins|Draw/);
  expect(errors).toEqual([]);
  await ola.context.close();
});

test("Connect Four against the computer, played to the end from the keyboard", async ({ browser }) => {
  test.setTimeout(90_000);
  const cy = await newPlayer(browser, "Cy");
  const page = cy.page;
  const errors = consoleErrors(page);
  await createGame(page, { game: "connect-k", seats: ["me", "ai"], levels: [undefined, 1] });
  const grid = page.getByRole("grid", { name: "Connect 4 board" });
  await tabInto(page, grid);
  await expect(grid.locator("button:focus")).toHaveAccessibleName("column 4, empty, legal");
  const playable = grid.locator("button.playable");
  while (await myTurn(page, playable)) {
    // The middle columns first, so that the game is a real one.
    const open = await playable.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-column")));
    const pick = ["4", "3", "5", "2", "6", "1", "7"].find((c) => open.includes(c)) ?? open[0];
    await cursorTo(page, grid, `button[data-column="${pick}"]`, new RegExp(`^column ${pick}, .*legal$`));
    await playHere(page);
  }
  await expect(resultBanner(page)).toContainText(/wins|Draw/);
  expect(errors).toEqual([]);
  await cy.context.close();
});

test("Dice of Doom for two against the computer, played to the end from the keyboard", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const di = await newPlayer(browser, "Di");
  const page = di.page;
  const errors = consoleErrors(page);
  await createGame(page, {
    game: "dice-of-doom",
    seats: ["me", "ai"],
    levels: [undefined, 1],
    options: { Players: "2", "Board size": "3" },
  });
  const grid = page.getByRole("grid", { name: "Dice of Doom board" });
  await tabInto(page, grid);
  const endTurn = page.getByRole("button", { name: "End turn" });
  const mine = grid
    .locator('[data-source="true"]')
    .or(page.locator("button.btn:enabled", { hasText: "End turn" }));
  while (await myTurn(page, mine)) {
    const sources = grid.locator('[data-source="true"]');
    const source = (await sources.count()) > 0 ? await sources.first().getAttribute("data-hex") : null;
    if (source !== null) {
      await cursorTo(page, grid, `[data-hex="${source}"]`, /, yours, .*, can attack$/);
      await page.keyboard.press("Enter");
      await expect(grid.locator(`[data-hex="${source}"]`)).toHaveAttribute("aria-pressed", "true");
      // Escape puts the selection down; Enter takes it up again.
      await page.keyboard.press("Escape");
      await expect(grid.locator(`[data-hex="${source}"]`)).toHaveAttribute("aria-pressed", "false");
      await page.keyboard.press("Enter");
      const target = await grid.locator('[data-target="true"]').first().getAttribute("data-hex");
      await cursorTo(page, grid, `[data-hex="${target}"]`, /, target$/);
      await playHere(page);
    } else {
      // No attack left: Tab leaves the board for "End turn", Shift+Tab comes back.
      await tabInto(page, grid);
      await page.keyboard.press("Tab");
      await expect(endTurn).toBeFocused();
      await playHere(page);
      await page.keyboard.press("Shift+Tab");
    }
  }
  await expect(resultBanner(page)).toContainText(/ wins? |Draw/);
  expect(errors).toEqual([]);
  await di.context.close();
});

test("King and rook: White mates the perfect defender from the keyboard, piece then square", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const kit = await newPlayer(browser, "Kit");
  const page = kit.page;
  const errors = consoleErrors(page);
  const matchId = await createGame(page, {
    game: "krk",
    seats: ["me", "ai"],
    levels: [undefined, 3],
    options: { Start: "distance", "Moves to mate": "3" },
  });
  const grid = chessBoard(page);

  // A spectator walks the board too, and hears what stands where, never "legal".
  const sam = await newPlayer(browser, "Sam");
  await sam.page.goto(`/play/${matchId}`);
  const watched = chessBoard(sam.page);
  await tabInto(sam.page, watched);
  await sam.page.keyboard.press("Home");
  await sam.page.keyboard.press("ArrowUp");
  await expect(watched.locator("button:focus")).toHaveAccessibleName(
    /^a[1-8], (empty|white king|white rook|black king)$/,
  );
  await sam.context.close();

  await tabInto(page, grid);
  await expect(grid.locator("button:focus")).toHaveAccessibleName(/^[a-h][1-8], white (king|rook)$/);
  let escaped = false;
  let shot = false;
  while (await myTurn(page, page.locator(".krk.interactive"))) {
    // The test plays the oracle's shortest mate, read from the squares' names; the keys play it.
    const pieces = await chessPieces(page);
    const at = (piece: string) => Krk.parseSquare(pieces[piece] ?? "");
    const best = Krk.bestMovesOf({
      wk: at("white king"),
      wr: at("white rook"),
      bk: at("black king"),
      side: Krk.WHITE,
    })[0];
    if (best === undefined) throw new Error("no move to mate");
    const from = `button[data-square="${Krk.squareName(Krk.moveFrom(best))}"]`;
    const to = `button[data-square="${Krk.squareName(Krk.moveTo(best))}"]`;
    await cursorTo(page, grid, from, /, white (king|rook)$/);
    await page.keyboard.press("Enter");
    await expect(grid.locator(from)).toHaveAttribute("aria-pressed", "true");
    if (!escaped) {
      await page.keyboard.press("Escape");
      await expect(grid.locator(from)).toHaveAttribute("aria-pressed", "false");
      await expect(grid.locator("[data-target]")).toHaveCount(0);
      await page.keyboard.press("Space");
      escaped = true;
    }
    await cursorTo(page, grid, to, /, legal(, in check)?$/);
    // The first time: the cursor's ring on a destination, the picked-up piece and its dots (docs/web.md).
    if (!shot) await shootBoth(page, "room-keyboard", grid);
    shot = true;
    await playHere(page);
  }
  await expect(resultBanner(page)).toContainText("(White) wins by checkmate");
  expect(errors).toEqual([]);
  await kit.context.close();
});

test("every How-to-play page ends with the board's keys, the common ones and the game's own", async ({
  page,
}) => {
  for (const id of GAME_IDS) {
    await page.goto(`/how-to-play/${id}`);
    const keys = page.getByTestId("how-to-play-keyboard");
    await expect(keys.getByRole("heading", { name: "Keyboard" })).toBeVisible();
    await expect(keys).toContainText("Tab takes you to the board");
    await expect(keys.locator("p")).toHaveCount(2);
  }
});
