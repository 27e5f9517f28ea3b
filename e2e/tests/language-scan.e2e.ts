// Every kind of page, read in Russian and Japanese (issue 27, Build 6): the visible text, labels, titles and
// tooltips hold no Latin word but names and notation. The setup plays in English (the shared helpers speak
// it); each page is then read by a browser whose language is the one under test.
import { type BrowserContext, type Page, expect, test } from "@playwright/test";
import { createGame, resultBanner, sitButton, square } from "../fixtures/arena.js";
import { ratedGame } from "../fixtures/rated-game.js";
import { shoot } from "../fixtures/screenshots.js";

/** Names and marks that read the same in every language (brands, formats, the bot title as lichess has it). */
const UNIVERSAL = new Set([
  "Arena",
  "GGF",
  "PGN",
  "FEN",
  "SAN",
  "JSON",
  "CSV",
  "WOF",
  "BOT",
  "RD",
  "English",
  "zip",
  // Browsers and systems, as a session's device names them (accounts/device.ts).
  "Chrome",
  "Firefox",
  "Safari",
  "Edge",
  "Opera",
  "Linux",
  "Windows",
  "macOS",
  "Android",
  "iOS",
]);

/** Keys named as printed on them (the How-to-play pages' "Keyboard" section). */
const KEYS = new Set(["Tab", "Enter", "Home", "End", "Escape"]);

/** Notation words: a pass in the move lists (Dice of Doom's "pass", Othello's "PA"). */
const PASSES = new Set(["pass", "PA"]);

/** Books, blogs and programs the pages cite by name (their titles are not translated). */
const CITED = ["Land of Lisp", "Common Lisp", "PAIP", "Yellow Rabbit", "Lisp", "Advice Language 0", "AL0"];

/**
 * Notation: squares (a1…h8) and runs of them (an Othello opening, f5d6c3), chess moves (Kb3, Rxa1+, h1h8),
 * Dice of Doom attacks (a1>b2), single letters (k).
 */
const NOTATION =
  /^(?:[a-z]|[A-Z]|(?:[a-h][1-8])+|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8][+#]?|[a-h][1-8]>[a-h][1-8]|[a-h][1-8][a-h][1-8][qrbn]?)$/;

/** The Latin words a reader of the page meets, player names left out (a name is data, not a word). */
async function latinWords(page: Page, phrases: readonly string[]): Promise<{ word: string; near: string }[]> {
  return page.evaluate((cited) => {
    // A tournament's name is data too, as its creator wrote it (or the server made it).
    const shown = document.querySelectorAll(
      "[data-testid=player-name], [data-testid=profile-link], .name-tag, [data-testid=tournament-name-text]",
    );
    const names = [...cited, ...[...shown].map((element) => element.textContent ?? "")].filter(
      (n) => n !== "",
    );
    const parts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      for (const attribute of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(attribute);
        if (value !== null) parts.push(value);
      }
    }
    // Tooltips drawn in SVG (the analysis chart's dots).
    for (const title of document.querySelectorAll("svg title")) parts.push(title.textContent ?? "");
    // A chosen start written as FEN (a room's "Start: …") is notation as a whole.
    let text = parts
      .join("\n")
      .replace(/[1-8pnbrqkPNBRQK]+(?:\/[1-8pnbrqkPNBRQK]+){7} [wb] [-KQkq]+ [-a-h1-8]+ \d+ \d+/g, " ");
    // A name is left out, but a guest's default name shown as the server made it ("Guest 3fA9x") is
    // words the page should have put in its language ("Гость 3fA9x"): its "Guest" stays in the scan.
    for (const name of names.sort((a, b) => b.length - a.length)) {
      text = text.split(name).join(/^Guest [A-Za-z0-9_-]{5}$/.test(name) ? " Guest " : " ");
    }
    return [...text.matchAll(/[A-Za-z][A-Za-z'’]*(?:[0-9][A-Za-z0-9]*)?/g)].map((found) => ({
      word: found[0],
      near: text
        .slice(Math.max(0, found.index - 30), found.index + found[0].length + 30)
        .replace(/\s+/g, " "),
    }));
  }, phrases);
}

/** The words of a page outside the allow-list: names in play, notation, brands. */
async function foreignWords(page: Page, names: readonly string[]): Promise<string[]> {
  const allowed = new Set([...UNIVERSAL, ...KEYS, ...PASSES, ...names]);
  const words = await latinWords(page, CITED);
  // Each word once, with the text around it so that a failure says where it is.
  const found = new Map<string, string>();
  for (const { word, near } of words) {
    if (!allowed.has(word) && !NOTATION.test(word) && !found.has(word))
      found.set(word, `${word} in "${near}"`);
  }
  return [...found.values()];
}

/** Reads `path` (or the page as it is) and expects no foreign word on it. */
async function expectNoEnglish(page: Page, label: string, names: readonly string[]): Promise<void> {
  await page.waitForLoadState("networkidle");
  // Soft: one run lists every page with English left, not just the first.
  expect.soft({ page: label, words: await foreignWords(page, names) }).toEqual({ page: label, words: [] });
}

/** Switches a context (and its session) to a language: the cookie the switcher sets. */
async function speak(context: BrowserContext, locale: "ru" | "ja"): Promise<void> {
  await context.addCookies([
    { name: "NEXT_LOCALE", value: locale, url: test.info().project.use.baseURL ?? "" },
  ]);
}

for (const locale of ["ru", "ja"] as const) {
  test(`every kind of page reads in ${locale} with no English left`, async ({ browser }) => {
    test.setTimeout(180_000);
    const tag = `${locale}${Date.now() % 100_000}`;
    const { ann, ben, annName, benName, matchId } = await ratedGame(browser, tag);
    // A live room: a guest (default name) against an open seat another guest takes; a third watches.
    const host = await browser.newContext();
    const hostPage = await host.newPage();
    await hostPage.goto("/");
    await expect(hostPage.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
    const liveId = await createGame(hostPage, { game: "othello", seats: ["me", "open"], time: "10+5" });
    // Two rooms against the computer, for the other games' boards, move boxes and seat names.
    await hostPage.goto("/");
    const diceId = await createGame(hostPage, {
      game: "dice-of-doom",
      seats: ["me", "ai"],
      options: { Players: "2" },
      time: "10+5",
    });
    await hostPage.goto("/");
    const connectId = await createGame(hostPage, { game: "connect-k", seats: ["me", "ai"], time: "10+5" });
    const names = [annName, benName, `Ann ${tag}`, `Ben ${tag}`];

    await ben.page.goto(`/play/${encodeURIComponent(liveId)}`);
    await sitButton(ben.page, 1).click();
    await hostPage.goto(`/play/${encodeURIComponent(liveId)}`);
    await square(hostPage, "f5").click();
    await expect(square(ben.page, "f5")).toHaveAttribute("data-disc", "black");

    for (const context of [ann.context, ben.context, host]) await speak(context, locale);
    const watcher = await browser.newContext({ locale: locale === "ru" ? "ru-RU" : "ja-JP" });
    const watch = await watcher.newPage();
    await hostPage.reload();
    await expect(hostPage.locator("html")).toHaveAttribute("lang", locale);
    await expect(hostPage.locator("[data-square=f5]")).toHaveAttribute("data-disc", "black");
    await expectNoEnglish(hostPage, "room as a player", names);
    for (const [id, label] of [
      [diceId, "Dice of Doom room"],
      [connectId, "Connect Four room"],
    ] as const) {
      await hostPage.goto(`/play/${encodeURIComponent(id)}`);
      await expect(hostPage.locator(".room")).toHaveAttribute("data-status", "live");
      await expectNoEnglish(hostPage, label, names);
    }
    await watch.goto(`/play/${encodeURIComponent(liveId)}`);
    await expect(watch.locator("[data-square=f5]")).toHaveAttribute("data-disc", "black");
    await expectNoEnglish(watch, "room as a spectator", names);
    await watch.goto("/");
    await expect(watch.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
    await expect(watch.locator(`tr[data-match="${liveId}"]`)).toBeVisible();
    await expectNoEnglish(watch, "lobby", names);
    if (locale === "ja") await shoot(watch, "words-lobby-ja");

    // The finished rated game, its analysis, the profile with its rating chart, the leaderboard.
    await ann.page.goto(`/play/${encodeURIComponent(matchId)}`);
    await expect(resultBanner(ann.page)).toBeVisible();
    await ann.page.getByTestId("analyse").click();
    await expect(ann.page.getByTestId("analysis")).toHaveAttribute("data-state", "done", { timeout: 30_000 });
    await expectNoEnglish(ann.page, "finished room, analysed", names);
    if (locale === "ja") await shoot(ann.page, "words-finished-ja");
    await ann.page.goto(`/analysis?game=othello`);
    await expectNoEnglish(ann.page, "analysis board", names);
    await ann.page.goto(`/@/${annName}`);
    await expect(ann.page.getByTestId("rating-chart").locator("canvas")).toBeVisible();
    await expectNoEnglish(ann.page, "profile", names);
    await shoot(ann.page, `words-profile-${locale}`);
    await ann.page.goto("/leaderboard");
    await expectNoEnglish(ann.page, "leaderboard", names);
    // The puzzles: the games, and a trainer with the account's history.
    await ann.page.goto("/puzzles");
    await expect(ann.page.getByTestId("puzzle-games")).toBeVisible();
    await expectNoEnglish(ann.page, "puzzles", names);
    await ann.page.goto("/puzzles/othello?mode=daily");
    await expect(ann.page.getByTestId("puzzle-facts")).toBeVisible();
    await expect(ann.page.getByTestId("puzzle-history")).toHaveAttribute("data-state", /ready|failed/);
    await expectNoEnglish(ann.page, "puzzle trainer", names);
    // The account's own pages: correspondence games, notifications, settings (and a guest's settings).
    await ann.page.goto("/correspondence");
    await expect(
      ann.page.getByTestId("correspondence-empty").or(ann.page.getByTestId("correspondence-list")),
    ).toBeVisible();
    await expectNoEnglish(ann.page, "correspondence", names);
    await ann.page.goto("/notifications");
    await expect(
      ann.page.getByTestId("notifications-empty").or(ann.page.getByTestId("notifications-list")),
    ).toBeVisible();
    await expectNoEnglish(ann.page, "notifications", names);
    await ann.page.goto("/settings");
    await expect(ann.page.getByTestId("email-status")).toBeVisible();
    await expect(ann.page.getByTestId("vacation-settings")).toBeVisible();
    await expectNoEnglish(ann.page, "settings", names);
    await watch.goto("/settings");
    await expect(watch.getByTestId("settings-guest")).toBeVisible();
    await expectNoEnglish(watch, "settings as a guest", names);
    await ann.page.goto("/tournaments");
    await expect(ann.page.getByTestId("create-tournament")).toBeVisible();
    await expectNoEnglish(ann.page, "tournaments", names);
    await ann.page.goto("/tournaments/t_000000000");
    await expect(ann.page.getByTestId("tournament-missing")).toBeVisible();
    await expectNoEnglish(ann.page, "missing tournament", names);

    // How to play, for each game, and its index; the log-in pop-up; a page that does not exist.
    await watch.goto("/how-to-play");
    await expectNoEnglish(watch, "how to play", names);
    const games = await watch
      .getByRole("main")
      .locator("a[href^='/how-to-play/']")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(games.length).toBeGreaterThanOrEqual(4);
    for (const href of games) {
      await watch.goto(href);
      await expectNoEnglish(watch, href, names);
    }
    await watch.goto("/");
    await watch.getByTestId("sign-in").click();
    await expectNoEnglish(watch, "log-in pop-up", names);
    await watch.getByTestId("register-tab").click();
    await expectNoEnglish(watch, "register pop-up", names);
    const missing = await watch.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    await expectNoEnglish(watch, "404", names);

    for (const context of [ann.context, ben.context, host, watcher]) await context.close();
  });
}
