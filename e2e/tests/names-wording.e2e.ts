// One name per game and variant, results worded by what decided them, and accounts marked apart from
// guests in every list (issue 27, why-items 2 and 9).
import { type Page, expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { createGame, newPlayer, resultBanner, seat, sitButton, square } from "../fixtures/arena.js";
import { shoot } from "../fixtures/screenshots.js";

test("a Connect Four game is called Connect Four everywhere; board choices and time controls read alike", async ({
  browser,
}) => {
  const { context, page } = await newPlayer(browser, "Vera");
  const form = page.locator("section.create");
  await form.getByRole("combobox", { name: "Game", exact: true }).selectOption("connect-k");
  // Board choices by name, never as raw ids.
  await expect(form.getByRole("combobox", { name: "Board", exact: true }).locator("option")).toHaveText([
    "Connect Four (7 × 6)",
    "Trilobite (8 × 7)",
    "Tiny (3 × 3)",
    "Custom size",
  ]);
  // The create form's time chips are the pairing grid's time controls: one list.
  // The real-time presets: "custom" and "Correspondence" open fields of their own, not a pool's time.
  const chips = (await form.locator("label.chip").allTextContents()).filter(
    (text) => text !== "custom" && text !== "Correspondence",
  );
  const grid = page.getByTestId("quick-pairing");
  const realtime = grid.locator(".pool-row:not([data-testid=pool-row-correspondence]) .pool-time");
  expect(new Set(chips)).toEqual(new Set(await realtime.allTextContents()));
  // The correspondence row's cells are days-per-move choices of the form, worded alike.
  await form.locator("label.chip", { hasText: /^Correspondence$/ }).click();
  const days = await form.getByTestId("correspondence-fields").locator("label.chip").allTextContents();
  const correspondence = grid.getByTestId("pool-row-correspondence").locator(".pool-time");
  for (const cell of await correspondence.allTextContents()) expect(days).toContain(cell);
  await expect(page.getByTestId("quick-pairing").locator(".pool-game")).toContainText(["Connect Four"]);

  // "Connect Four vs computer" opens a room called Connect Four.
  await page.getByRole("button", { name: "Connect Four vs computer" }).click();
  await page.waitForURL(/\/play\/[^/?]+/);
  await expect(page.locator("h1")).toHaveText("Connect Four");
  await expect(page.getByRole("grid", { name: "Connect 4 board" })).toBeVisible();
  await shoot(page, "words-connect-four-room");
  const roomId = decodeURIComponent(/\/play\/([^/?]+)/.exec(page.url())?.[1] ?? "");

  // The lobby's live list names it alike.
  const watcher = await newPlayer(browser, "Wes");
  await expect(watcher.page.locator(`tr[data-match="${roomId}"]`)).toContainText("Connect Four");
  await watcher.context.close();
  await context.close();
});

test("a resignation reads as one, with no forfeit score beside the board", async ({ browser }) => {
  const black = await newPlayer(browser, "Rhea");
  const white = await newPlayer(browser, "Sol");
  const matchId = await createGame(black.page, { game: "othello", seats: ["me", "open"], time: "10+5" });
  await white.page.goto(`/play/${matchId}`);
  await sitButton(white.page, 1).click();
  await square(black.page, "f5").click();
  await expect(square(white.page, "f5")).toHaveAttribute("data-disc", "black");
  await white.page.getByRole("button", { name: "Resign" }).click();
  await white.page.getByRole("button", { name: "Yes, resign" }).click();
  for (const page of [black.page, white.page]) {
    await expect(resultBanner(page)).toContainText("Sol (White) resigned");
    await expect(resultBanner(page)).not.toContainText("64");
  }
  await shoot(black.page, "words-resigned");
  await black.context.close();
  await white.context.close();
});

/** The account mark (✓) within a part of the page. */
const marks = (page: Page, within: string) => page.locator(within).getByTestId("account-mark");

test("an account is marked apart from a guest of the same name in every list", async ({ browser }) => {
  const name = `kit${Date.now() % 100_000}`;
  // The guest takes the name first (a guest may not take an account's name, but this one was free then).
  const guest = await newPlayer(browser, name);
  const owner = await newPlayer(browser, `Owner ${name}`);
  await registerAccount(owner.page, name);

  // The header: the account carries the mark, the guest does not.
  await expect(owner.page.getByTestId("session-badge").getByTestId("account-mark")).toBeVisible();
  await expect(guest.page.getByTestId("session-badge").getByTestId("account-mark")).toHaveCount(0);

  // The lobby's open list: the host, an account, is marked, as host and as the player of seat 1.
  const matchId = await createGame(owner.page, { game: "othello", seats: ["me", "open"], time: "10+5" });
  await guest.page.goto("/");
  const row = guest.page.locator(`tr[data-match="${matchId}"]`);
  await expect(row.getByTestId("account-mark")).toHaveCount(2); // as the host, and in seat 1

  // The seats: one name twice, the account's marked, the guest's not.
  await guest.page.goto(`/play/${matchId}`);
  await sitButton(guest.page, 1).click();
  for (const page of [owner.page, guest.page]) {
    await expect(seat(page, 0).getByTestId("account-mark")).toHaveCount(1);
    await expect(seat(page, 1)).toContainText(name);
    await expect(seat(page, 1).getByTestId("account-mark")).toHaveCount(0);
  }

  // The chat.
  for (const [page, text] of [
    [owner.page, "from the account"],
    [guest.page, "from the guest"],
  ] as const) {
    await page.getByTestId("chat-input").fill(text);
    await page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-input")).toHaveValue("");
  }
  const lines = owner.page.getByTestId("chat-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByTestId("account-mark")).toHaveCount(1);
  await expect(lines.nth(1).getByTestId("account-mark")).toHaveCount(0);

  // The live list: the game once it starts, with one mark for its one account.
  await square(owner.page, "f5").click();
  const watcher = await newPlayer(browser, "Wren");
  const live = watcher.page.locator(`tr[data-match="${matchId}"]`);
  await expect(live).toContainText(name);
  await expect(marks(watcher.page, `tr[data-match="${matchId}"]`)).toHaveCount(1);
  await shoot(owner.page, "words-account-marks");

  for (const context of [guest.context, owner.context, watcher.context]) await context.close();
});
