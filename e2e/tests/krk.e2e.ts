import * as Krk from "@arena/engine/games/krk/index";
import { type Page, expect, test } from "@playwright/test";
import {
  chessBoard,
  chessPieces,
  chessSquare,
  createGame,
  moveButtons,
  newPlayer,
  playChessMove,
  resultBanner,
  seat,
} from "../fixtures/arena.js";

// King and rook vs king through the browser and the server: the chess board, the lobby's create form,
// AI seats at levels 2 (AL0) and 3 (the perfect defender), a spectator, replay, and refused input.

/** Black to move; Bratko's AL0 mates in five White moves against every defence (found with the engine). */
const AL0_MATES_IN_FIVE = "8/8/8/8/8/3K4/3R4/1k6 b - - 0 1";
const SAMPLE = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";

/** The engine's state at a FEN start, to ask the engine what it says about a move. */
function fenState(fen: string): Krk.KrkState {
  const options = Krk.krk.parseOptions({ fen });
  if (!options.ok) throw new Error(options.error.message);
  return Krk.krk.initial(options.value, 0);
}

/** The position the page shows, White to move. */
async function shownPosition(page: Page): Promise<Krk.KrkPosition> {
  const pieces = await chessPieces(page);
  const at = (piece: string) => Krk.parseSquare(pieces[piece] ?? "");
  return { wk: at("white king"), wr: at("white rook"), bk: at("black king"), side: Krk.WHITE };
}

/** Waits until the viewer may move, or the game has ended; true when it is the viewer's move. */
async function myMoveOrEnd(page: Page): Promise<boolean> {
  const banner = resultBanner(page);
  await expect(page.locator(".krk.interactive").or(banner)).toBeVisible({ timeout: 30_000 });
  return !(await banner.isVisible());
}

test("White mates the perfect defender by clicks while a spectator sees every move and the result", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const wanda = await newPlayer(browser, "Wanda");
  const sam = await newPlayer(browser, "Sam");
  const page = wanda.page;
  const matchId = await createGame(page, {
    game: "krk",
    seats: ["me", "ai"],
    levels: [undefined, 3],
    options: { Start: "distance", "Moves to mate": "3" },
  });
  const board = chessBoard(page);
  await expect(board).toBeVisible();
  await expect(page.locator(".krk")).toHaveAttribute("data-orientation", "white");
  await expect(page.getByRole("heading", { name: "King and rook vs king" })).toBeVisible();
  await expect(seat(page, 0)).toContainText("White");
  await expect(seat(page, 1)).toContainText("Computer (level 3)");

  // Sam watches from another browser: the board from White's side, no controls.
  await sam.page.goto(`/play/${matchId}`);
  await expect(chessBoard(sam.page)).toBeVisible();
  await expect(sam.page.locator(".krk")).toHaveAttribute("data-orientation", "white");
  await expect(sam.page.locator(".krk.interactive")).toHaveCount(0);
  await expect(page.getByTestId("viewers")).toHaveText("1 viewer");

  const start = await chessPieces(page);
  const dtm = Krk.movesToMate(await shownPosition(page));
  expect(dtm).toBe(3);
  let whiteMoves = 0;
  while (await myMoveOrEnd(page)) {
    // The test plays the oracle's shortest mate; the board is what it reads and clicks.
    const best = Krk.bestMovesOf(await shownPosition(page))[0];
    if (best === undefined) throw new Error("no move to mate");
    const from = Krk.squareName(Krk.moveFrom(best));
    const to = Krk.squareName(Krk.moveTo(best));
    await playChessMove(page, from, to, "click");
    whiteMoves++;
    await expect(moveButtons(page).nth(whiteMoves * 2 - 2)).toHaveText(new RegExp(`^[KR]${to}[+#]?$`));
    // Then the defender's reply, or the end: the spectator sees the same moves and the same board.
    await expect(
      moveButtons(page)
        .nth(whiteMoves * 2 - 1)
        .or(resultBanner(page)),
    ).toBeVisible();
    const moves = await moveButtons(page).allTextContents();
    await expect(moveButtons(sam.page)).toHaveText(moves);
    await expect.poll(() => chessPieces(sam.page)).toEqual(await chessPieces(page));
    const lastTo = /([a-h][1-8])[+#]?$/.exec(moves.at(-1) ?? "")?.[1] ?? "";
    for (const viewer of [page, sam.page]) {
      await expect(chessSquare(viewer, lastTo)).toHaveAttribute("data-last", "true");
      await expect(chessBoard(viewer).locator('button[data-last="true"]')).toHaveCount(2);
    }
    if (whiteMoves === 1) {
      await page.screenshot({ path: "screenshots/krk-room-white.png", fullPage: true });
      await page.locator(".krk").screenshot({ path: "screenshots/krk-board-white.png" });
    }
    expect(whiteMoves).toBeLessThanOrEqual(3);
  }
  expect(whiteMoves).toBe(3);

  for (const viewer of [page, sam.page]) {
    await expect(resultBanner(viewer)).toHaveText(/Wanda \(White\) wins\s*by checkmate/);
    await expect(moveButtons(viewer)).toHaveCount(5);
    await expect(moveButtons(viewer).last()).toHaveText(/#$/);
  }
  await expect(moveButtons(sam.page)).toHaveText(await moveButtons(page).allTextContents());
  const mated = (await chessPieces(sam.page))["black king"] ?? "";
  await expect(chessSquare(sam.page, mated)).toHaveAttribute("data-check", "true");
  await sam.page.locator(".krk").screenshot({ path: "screenshots/krk-board-mate.png" });

  // Replay: the first position again, then the last.
  await sam.page.getByRole("button", { name: "First move" }).click();
  await expect.poll(() => chessPieces(sam.page)).toEqual(start);
  await sam.page.getByRole("button", { name: "Last move" }).click();
  await expect(chessSquare(sam.page, mated)).toHaveAttribute("data-check", "true");

  await sam.context.close();
  await wanda.context.close();
});

test("as Black against AL0 the human's clicked and dragged moves are played until AL0 mates", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const bea = await newPlayer(browser, "Bea");
  const page = bea.page;
  await createGame(page, {
    game: "krk",
    seats: ["ai", "me"],
    levels: [2],
    options: { Start: "fen", FEN: AL0_MATES_IN_FIVE },
  });
  await expect(chessBoard(page)).toBeVisible();
  // Black's side of the board: rank 1 at the top, file h on the left.
  await expect(page.locator(".krk")).toHaveAttribute("data-orientation", "black");
  await expect(chessBoard(page).locator("button").first()).toHaveAttribute("data-square", "h1");
  await expect(seat(page, 0)).toContainText("Computer (level 2)");
  await expect(seat(page, 1)).toContainText("Bea");
  await expect(page.getByTestId("fifty-move-rule")).toContainText("0 of 50");

  let blackMoves = 0;
  while (await myMoveOrEnd(page)) {
    const king = (await chessPieces(page))["black king"] ?? "";
    // Pick the king up, read the targets the board offers, then play the first by click or by drag.
    await chessSquare(page, king).click();
    const targets = chessBoard(page).locator('button[data-target="true"]');
    await expect(targets.first()).toBeVisible();
    const to = (await targets.first().getAttribute("data-square")) ?? "";
    const how = blackMoves % 2 === 0 ? "click" : "drag";
    await playChessMove(page, king, to, how);
    blackMoves++;
    await expect(moveButtons(page).nth(blackMoves * 2 - 2)).toHaveText(new RegExp(`^Kx?${to}$`));
    if (blackMoves === 1) {
      await page.screenshot({ path: "screenshots/krk-room-black.png", fullPage: true });
      await page.locator(".krk").screenshot({ path: "screenshots/krk-board-black.png" });
    }
    expect(blackMoves).toBeLessThanOrEqual(5);
  }
  expect(blackMoves).toBe(5);
  await expect(resultBanner(page)).toHaveText(/Computer \(level 2\) \(White\) wins\s*by checkmate/);
  await expect(moveButtons(page)).toHaveCount(10);
  await expect(moveButtons(page).last()).toHaveText(/#$/);
  await expect(page.getByTestId("fifty-move-rule")).toContainText("5 of 50");
  await bea.context.close();
});

test("drag and drop: a mouse drag plays, a drop off the targets changes nothing, a finger drag plays", async ({
  browser,
}) => {
  const context = await browser.newContext({ hasTouch: true });
  const page = await context.newPage();
  await page.goto("/board-demo");
  const status = page.getByTestId("demo-krk-status");
  await expect(status).toContainText("White to move");

  // A drop on a square the rook cannot reach puts it back, still picked up.
  await playChessMove(page, "a1", "b2", "drag");
  await expect(chessSquare(page, "a1")).toHaveAttribute("data-piece", "white rook");
  await expect(chessSquare(page, "b2")).toHaveAttribute("data-piece", "empty");
  await expect(chessSquare(page, "a1")).toHaveAttribute("aria-pressed", "true");
  await expect(status).toContainText("White to move");

  await playChessMove(page, "e1", "e2", "drag");
  await expect(chessSquare(page, "e2")).toHaveAttribute("data-piece", "white king");
  await expect(chessSquare(page, "e1")).toHaveAttribute("data-piece", "empty");
  await expect(status).toContainText("Black to move");

  // A finger: touch events through the browser's own input pipeline, which makes them pointer events.
  const cdp = await context.newCDPSession(page);
  await chessBoard(page).scrollIntoViewIfNeeded();
  const a = await chessSquare(page, "e5").boundingBox();
  const b = await chessSquare(page, "d6").boundingBox();
  if (a === null || b === null) throw new Error("squares not visible");
  const point = (box: NonNullable<typeof a>, t: number, other: NonNullable<typeof a>) => ({
    x: box.x + box.width / 2 + t * (other.x - box.x),
    y: box.y + box.height / 2 + t * (other.y - box.y),
  });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point(a, 0, b)] });
  for (let step = 1; step <= 8; step++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point(a, step / 8, b)] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect(chessSquare(page, "d6")).toHaveAttribute("data-piece", "black king");
  await expect(status).toContainText("White to move");
  await context.close();
});

test("a bad FEN shows the engine's message and creates nothing; a bad typed move changes nothing", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const sent: string[] = [];
  page.on("websocket", (socket) => socket.on("framesent", (frame) => sent.push(String(frame.payload))));
  await page.goto("/");
  await expect(page.locator(".session")).toHaveAttribute("data-connection", "connected");

  const badFen = "8/8/8/8/8/8/3k4/3K3R w - - 0 1";
  const refused = Krk.krk.parseOptions({ start: "fen", fen: badFen });
  expect(refused.ok).toBe(false);
  const form = page.locator("section.create");
  await form.getByRole("combobox", { name: "Game", exact: true }).selectOption("krk");
  await form.getByLabel("Start", { exact: true }).selectOption("fen");
  await form.getByLabel("FEN", { exact: true }).fill(badFen);
  await form.getByRole("combobox", { name: "Seat 2", exact: true }).selectOption({ label: "Computer" });
  await form.getByRole("button", { name: "Create game" }).click();
  await expect(page.locator(".lobby .error[role=alert]")).toHaveText(refused.ok ? "" : refused.error.message);
  await page.waitForTimeout(500);
  await page.screenshot({ path: "screenshots/krk-lobby-bad-fen.png", fullPage: true });
  expect(new URL(page.url()).pathname).toBe("/");
  expect(sent.filter((frame) => frame.includes("room:create"))).toEqual([]);

  // A good FEN creates the game; typed moves the engine refuses show its message and change nothing.
  await form.getByLabel("FEN", { exact: true }).fill(SAMPLE);
  await form.getByRole("button", { name: "Create game" }).click();
  await page.waitForURL(/\/play\//);
  expect(sent.filter((frame) => frame.includes("room:create"))).toHaveLength(1);
  await expect(page.locator(".krk.interactive")).toBeVisible();
  const before = await chessPieces(page);
  const state = fenState(SAMPLE);
  const box = page.getByRole("textbox", { name: "Move" });
  for (const text of ["Ke8", "Qa8", "d1", "e5e4"]) {
    const parsed = Krk.krk.parseMove(state, text);
    expect(parsed.ok).toBe(false);
    await box.fill(text);
    await box.press("Enter");
    await expect(page.locator(".move-input .error")).toHaveText(parsed.ok ? "" : parsed.error.message);
    await expect(moveButtons(page)).toHaveCount(0);
    expect(await chessPieces(page)).toEqual(before);
  }
  // Long algebraic is read too; the move list writes SAN.
  await box.fill("a1a5");
  await box.press("Enter");
  await expect(moveButtons(page).first()).toHaveText("Ra5+");
  await expect(chessSquare(page, "a5")).toHaveAttribute("data-piece", "white rook");
  await context.close();
});
