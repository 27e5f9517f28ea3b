import { type Locator, type Page, expect, test } from "@playwright/test";
import { createGame, newPlayer, square } from "../fixtures/arena.js";
import { consoleErrors } from "../fixtures/console.js";

/*
 * An Othello game against the computer played through the screen-reader mode alone (issue 31): the page is
 * found by roles and accessible names, and read through Playwright's accessibility snapshot, never by
 * looking at the board: the mode's switch, the move box, the game's status line and the announcer.
 */

/** The lines of a live region as the accessibility tree has them, oldest first. */
async function linesOf(region: Locator): Promise<string[]> {
  const snapshot = await region.ariaSnapshot();
  return snapshot
    .split("\n")
    .map((line) => /^\s*- paragraph: (.*)$/.exec(line)?.[1])
    .filter((text): text is string => text !== undefined)
    .map((text) => (text.startsWith('"') ? (JSON.parse(text) as string) : text));
}

/** The text of a status line as the accessibility tree has it. */
async function textOf(status: Locator): Promise<string> {
  const snapshot = await status.ariaSnapshot();
  const text = /^- status: (.*)$/m.exec(snapshot)?.[1] ?? "";
  return text.startsWith('"') ? (JSON.parse(text) as string) : text;
}

function roomParts(page: Page) {
  return {
    box: page.getByRole("textbox", { name: /^(Move or command|Ход или команда)$/ }),
    announcer: page.getByRole("log", { name: /^(Announcements|Объявления)$/ }),
    status: page.getByRole("region", { name: /^(Game status|Состояние партии)$/ }).getByRole("status"),
  };
}

test("an Othello game against the computer is played to the end through the screen-reader mode", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const player = await newPlayer(browser, "Sol");
  const { page } = player;
  const errors = consoleErrors(page);

  await page.getByRole("button", { name: "Screen reader", pressed: false }).click();
  await expect(page.getByRole("button", { name: "Screen reader", pressed: true })).toBeVisible();
  await page.getByRole("button", { name: "Othello vs computer" }).click();
  await page.waitForURL(/\/play\//);

  const { box, announcer, status } = roomParts(page);
  const ended = /wins|win |Draw/;
  let turns = 0;
  for (; turns < 40; turns++) {
    await expect.poll(() => textOf(status), { timeout: 30_000 }).toMatch(/^Your turn, Black|wins|win |Draw/);
    if (ended.test(await textOf(status))) break;
    // m: the legal moves, spoken.
    await box.fill("m");
    await box.press("Enter");
    await expect.poll(async () => (await linesOf(announcer)).at(-1) ?? "").toMatch(/^Legal moves: /);
    const heard = (await linesOf(announcer)).at(-1) ?? "";
    const move = heard.replace(/^Legal moves: /, "").split(", ")[0] ?? "";
    expect(move).toMatch(/^[a-h][1-8]$/);
    // The move, typed; each square is played once a game, so its announcement is new.
    await box.fill(move);
    await box.press("Enter");
    await expect
      .poll(async () => (await linesOf(announcer)).some((line) => line.startsWith(`Black ${move}, flips `)))
      .toBe(true);
  }
  expect(turns).toBeGreaterThan(10);
  const result = await textOf(status);
  expect(result).toMatch(ended);
  // The end is announced too, as the status line words it.
  expect(await linesOf(announcer)).toContain(result);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("banner").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "../docs/screenshots/screen-reader-room-desktop.png" });

  // The commands answer after the game; in Russian, with its own command words.
  const russian = new URL(page.url());
  russian.searchParams.set("lang", "ru");
  await page.goto(russian.toString());
  const ru = roomParts(page);
  await ru.box.fill("счёт");
  await ru.box.press("Enter");
  await expect
    .poll(async () => (await linesOf(ru.announcer)).at(-1) ?? "")
    .toMatch(/^Чёрные \d+, белые \d+$/);
  await ru.box.fill("t");
  await ru.box.press("Enter");
  await expect.poll(async () => (await linesOf(ru.announcer)).at(-1) ?? "").toBe("Партия окончена");
  expect(errors).toEqual([]);
  await player.context.close();
});

test("the mode, set from the address, announces the opponent's move, chat line and draw offer in Japanese", async ({
  browser,
}) => {
  const jo = await newPlayer(browser, "Jo");
  const kim = await newPlayer(browser, "Kim");
  const matchId = await createGame(jo.page, { game: "othello", seats: ["me", "open"], time: "3+2" });
  await kim.page.goto(`/play/${matchId}`);
  await kim.page.getByTestId("seat-1").getByRole("button", { name: "Sit here" }).click();
  await kim.page.goto(`/play/${matchId}?sr=1&lang=ja`);
  const announcer = kim.page.getByRole("log", { name: "お知らせ" });
  await expect(kim.page.getByRole("button", { name: "スクリーンリーダー", pressed: true })).toBeVisible();
  const last = async () => (await linesOf(announcer)).at(-1) ?? "";
  // The live room, not its server-rendered preview: a move made before it arrives is in its first state,
  // which is never announced.
  await expect(kim.page.locator(".room")).toHaveAttribute("data-status", "live");

  await expect(square(jo.page, "f5")).toHaveClass(/playable/);
  await square(jo.page, "f5").click();
  await expect.poll(last).toBe("黒 f5、e5 を返す。黒 4、白 1");
  await jo.page.getByTestId("chat-input").fill("good luck");
  await jo.page.getByTestId("chat-send").click();
  await expect.poll(last).toBe("Jo: good luck");
  await jo.page.getByRole("button", { name: "Offer draw" }).click();
  await expect.poll(last).toBe("Joが引き分けを提案しています");
  // The mode sticks in its cookie: the room opened again without the query is still in it.
  await kim.page.goto(`/play/${matchId}`);
  await expect(kim.page.getByRole("button", { name: "スクリーンリーダー", pressed: true })).toBeVisible();
  await jo.context.close();
  await kim.context.close();
});
