// The product in Russian and Japanese (issue 17): the language from Accept-Language, the switcher's cookie
// or ?lang=, `<html lang>`, and a whole game played in each language, read in that language's words.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page, expect, test } from "@playwright/test";
import { matchIdOf, resultBanner, seat } from "../fixtures/arena.js";

type Locale = "en" | "ru" | "ja";
type Messages = { readonly [key: string]: string | Messages };

const WEB = join(import.meta.dirname, "..", "..", "apps", "web", "src");

/** A language's whole catalogue, as the web app assembles it: its own messages and each game's. */
function catalogue(locale: Locale): Messages {
  const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Messages;
  const games = Object.fromEntries(
    readdirSync(join(WEB, "games"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => [entry.name, read(join(WEB, "games", entry.name, "messages", `${locale}.json`))]),
  );
  return { ...read(join(WEB, "i18n", "messages", `${locale}.json`)), games };
}

/** A message by its dotted key, with `{name}` arguments filled in (plain ones only). */
function say(messages: Messages, key: string, values: Record<string, string | number> = {}): string {
  const found = key.split(".").reduce<string | Messages | undefined>((at, part) => {
    return typeof at === "object" ? at[part] : undefined;
  }, messages);
  if (typeof found !== "string") throw new Error(`no message ${key}`);
  return found.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** Every message of a catalogue with no arguments, at least three letters long: plain UI text. */
function plainTexts(messages: Messages): string[] {
  return Object.values(messages).flatMap((value) =>
    typeof value === "string"
      ? !value.includes("{") && /\p{L}{3}/u.test(value)
        ? [value]
        : []
      : plainTexts(value),
  );
}

/** What a reader sees of an HTML page: its text and its labels, without scripts and styles. */
function visibleText(html: string): string {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<style[\s\S]*?<\/style>/g, "");
  const labels = [...body.matchAll(/(?:aria-label|title|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  return `${body.replace(/<[^>]+>/g, " ")} ${labels.join(" ")}`;
}

// Names and notation that read the same in every language.
const UNIVERSAL = new Set(["Arena", "FEN", "GGF"]);
const ENGLISH = plainTexts(catalogue("en")).filter((text) => !UNIVERSAL.has(text));
const LANG_NAMES = new Set(["English", "Русский", "日本語"]);

function englishIn(text: string): string[] {
  return ENGLISH.filter(
    (english) =>
      !LANG_NAMES.has(english) && new RegExp(`(?<![\\p{L}])${escape(english)}(?![\\p{L}])`, "u").test(text),
  );
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.describe("the language of a page, as curl sees it", () => {
  for (const locale of ["ru", "ja"] as const) {
    test(`Accept-Language: ${locale} gives lang="${locale}" and no English UI text`, async ({ request }) => {
      const pages = ["/", "/leaderboard", "/board-demo", "/how-to-play", "/how-to-play/othello", "/nowhere"];
      for (const path of pages) {
        const response = await request.get(path, { headers: { "Accept-Language": locale } });
        expect(response.status()).toBe(path === "/nowhere" ? 404 : 200);
        const html = await response.text();
        expect(html).toMatch(new RegExp(`<html lang="${locale}"`));
        if (path === "/nowhere") expect(html).toContain(say(catalogue(locale), "notFound.title"));
        expect({ path, english: englishIn(visibleText(html)) }).toEqual({ path, english: [] });
      }
    });
  }

  test("English stays the default: no Accept-Language, or one the product lacks", async ({ request }) => {
    for (const header of [{}, { "Accept-Language": "de-DE,fr;q=0.8" }] as Record<string, string>[]) {
      const html = await (await request.get("/", { headers: header })).text();
      expect(html).toMatch(/<html lang="en"/);
      expect(html).toContain(say(catalogue("en"), "lobby.quickTitle"));
    }
  });

  test("?lang= overrides Accept-Language and sets the cookie, so the choice sticks", async ({ request }) => {
    const response = await request.get("/?lang=ja", { headers: { "Accept-Language": "ru" } });
    expect(await response.text()).toMatch(/<html lang="ja"/);
    expect(response.headers()["set-cookie"]).toMatch(/NEXT_LOCALE=ja/);
  });
});

/** A fresh guest whose browser asks for `locale` (Chromium's Accept-Language follows it). */
async function guest(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
  const name = (await page.getByTestId("session-badge").getByTestId("player-name").textContent()) ?? "";
  return { context, page, name };
}

/** Drops a disc in a Connect-k column once this page may play (0-based column). */
async function drop(page: Page, column: number): Promise<void> {
  const button = page.locator(".ck-drop").nth(column);
  await expect(button).toHaveClass(/playable/);
  await button.click();
}

for (const [locale, browserLocale] of [
  ["ru", "ru-RU"],
  ["ja", "ja-JP"],
] as const) {
  test(`a game of Connect-k's 3×3 toy, read in ${locale}`, async ({ browser }) => {
    const m = catalogue(locale);
    const red = await guest(browser, browserLocale);
    const yellow = await guest(browser, browserLocale);
    const { page } = red;

    // The lobby.
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("#quick-title")).toHaveText(say(m, "lobby.quickTitle"));
    await expect(page.locator("#rooms-title")).toHaveText(say(m, "lobby.openGames"));
    await expect(page.locator("#pairing-title")).toHaveText(say(m, "pairing.title"));
    await expect(page.getByTestId("how-to-connect-k")).toHaveText(say(m, "games.connect-k.title"));
    expect(await page.title()).toBe(say(m, "meta.title"));

    // The create form, in the page's words: Connect-k on the 3×3 toy board, me against an open seat.
    const form = page.locator("section.create");
    await form.getByRole("combobox", { name: say(m, "common.game"), exact: true }).selectOption("connect-k");
    await form
      .getByRole("combobox", { name: say(m, "games.connect-k.options.preset"), exact: true })
      .selectOption("tiny");
    await form.getByRole("button", { name: say(m, "create.submit") }).click();
    await page.waitForURL(/\/play\/[^/?]+/);
    const matchId = matchIdOf(page);

    // The room, waiting.
    // A room is named by its board (one name per variant everywhere), not by the game family.
    await expect(page.locator("h1")).toHaveText(say(m, "games.connect-k.variants.tiny"));
    await expect(page.getByText(say(m, "room.waiting"))).toBeVisible();
    await expect(page.getByTestId("chat-panel").locator("h2")).toHaveText(say(m, "chat.title"));
    await expect(page.getByTestId("room-how-to-play")).toHaveText(
      say(m, "room.howToPlay", { game: say(m, "games.connect-k.title") }),
    );
    await yellow.page.goto(`/play/${encodeURIComponent(matchId)}`);
    await seat(yellow.page, 1)
      .getByRole("button", { name: say(m, "seats.sitHere") })
      .click();

    // Red fills the first column; Yellow answers in the second.
    await drop(page, 0);
    await drop(yellow.page, 1);
    await drop(page, 0);
    await drop(yellow.page, 1);
    await drop(page, 0);

    // The result, for both players.
    const redSeat = locale === "ru" ? "Красные" : "赤";
    for (const p of [page, yellow.page]) {
      await expect(resultBanner(p)).toContainText(red.name);
      await expect(resultBanner(p)).toContainText(redSeat);
      await expect(resultBanner(p)).toContainText(say(m, "games.connect-k.result.withLine"));
      await expect(resultBanner(p)).toContainText(locale === "ru" ? "Побеждает" : "の勝ち");
    }
    await expect(page.getByTestId("move-list").locator("button.move")).toHaveText(["1", "2", "1", "2", "1"]);

    // A match that does not exist: the server's 404 page, in the reader's language.
    const missing = await page.goto("/play/m_no_such_match");
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId("not-found").getByRole("heading")).toHaveText(say(m, "notFound.title"));
    // And the server's refusal of a log-in, whatever the name.
    await page.goto("/");
    await page.getByTestId("sign-in").click();
    await page.getByTestId("login-form").locator("input[name=username]").fill("nobody_here");
    await page.getByTestId("login-form").locator("input[name=password]").fill("not the password");
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("account-error")).toHaveText(say(m, "errors.bad-credentials"));

    // The How-to-play page of the game, reached from the lobby.
    await page.getByTestId("how-to-connect-k").click();
    await expect(page.locator("h1")).toHaveText(
      say(m, "howToPlay.gameTitle", { game: say(m, "games.connect-k.title") }),
    );
    await expect(page.locator("[data-section=toy] h2")).toHaveText(
      say(m, "games.connect-k.howTo.sections.toy.title"),
    );

    await red.context.close();
    await yellow.context.close();
  });
}

test("the switcher changes the language, and the choice sticks across pages and visits", async ({
  browser,
}) => {
  const { context, page } = await guest(browser, "ru-RU");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await page.getByTestId("language-switcher").selectOption("ja");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.locator("#quick-title")).toHaveText(say(catalogue("ja"), "lobby.quickTitle"));
  await page.goto("/leaderboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.locator("h1")).toHaveText(say(catalogue("ja"), "leaderboard.title"));
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "NEXT_LOCALE")?.value).toBe("ja");
  await page.getByTestId("language-switcher").selectOption("en");
  await expect(page.locator("h1")).toHaveText("Leaderboard");
  await context.close();
});

test("longer Russian and Japanese words fit a phone's width: the lobby does not scroll sideways", async ({
  browser,
}) => {
  for (const locale of ["ru-RU", "ja-JP"]) {
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
    await expect(page.getByTestId("how-to-links").locator("a")).toHaveCount(4);
    // The game filter lists every title once the server's games are known.
    await expect(page.locator(".filter select option")).not.toHaveCount(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ locale, width }).toEqual({ locale, width: 390 });
    await context.close();
  }
});
