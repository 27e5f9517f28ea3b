import { performance } from "node:perf_hooks";
import { Othello } from "@arena/engine";
import { type Browser, type Locator, type Page, type Request, expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import {
  board,
  createGame,
  inviteLinkOf,
  matchIdOf,
  newPlayer,
  resultBanner,
  seat,
  sitButton,
} from "../fixtures/arena.js";
import { type Hosts, hostsForTest } from "../fixtures/hosts.js";
import { playOthelloToEnd } from "../fixtures/othello.js";
import { type Product, startProduct } from "../fixtures/product.js";

// docs/reliability.md, "Across machines": issue 15's "Done when". The product on host A with default
// settings; Bea on B and Cal on C register, play a rated Othello game to the end with chat and see each
// other's new rating; Dee on D finds an opponent (Bea) through quick pairing.

/** 15+10: a rapid game (docs/protocol.md, "Ratings": the pools are game × speed). */
const TIME = "15+10";
const SPEED = "rapid";
/** A cell of the server's quick-pairing grid (GET /api/pools). */
const POOL = "othello:3+2";
/** How long a pairing may take to show the room: well under the expect default, so a fixed wait would fail. */
const PAIRING_LIMIT_MS = 5_000;
/** Pairings measured per run: the first one also warms the room page's code in both browsers. */
const PAIRINGS = 3;

const chatLines = (page: Page): Locator => page.getByTestId("chat-panel").getByTestId("chat-line");

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-send").click();
  await expect(page.getByTestId("chat-input")).toHaveValue("");
}

/** "Bea 1500 → 1662 (+162)": the rating before and after, as the result banner shows them. */
async function ratingChange(page: Page, seatIndex: number): Promise<{ before: number; after: number }> {
  const text = (await page.getByTestId(`rating-change-${seatIndex}`).textContent()) ?? "";
  const found = /(\d+) → (\d+)/.exec(text);
  if (found === null) throw new Error(`no rating change in ${JSON.stringify(text)}`);
  return { before: Number(found[1]), after: Number(found[2]) };
}

/** The profile's Othello rapid row: rating (with "?" while provisional) and games counted. */
async function expectProfileRating(
  page: Page,
  name: string,
  after: number,
  matchId: string,
  opponent: string,
) {
  await page.goto(`/@/${name}`);
  await expect(page.getByTestId("profile")).toContainText(name);
  const rating = page.getByTestId(`rating-othello-${SPEED}`);
  await expect(rating).toHaveText(new RegExp(`^${after}\\??$`));
  const row = page.getByRole("table", { name: "Ratings" }).locator("tr", { has: rating });
  await expect(row.locator("td").nth(3)).toHaveText("1");
  const game = page.getByTestId("history").locator(`tr[data-match="${matchId}"]`);
  await expect(game).toContainText("rated");
  await expect(game).toContainText(opponent);
}

/** Moments a page reached after `start()`, in ms; a moment not (yet) seen is undefined. */
interface Marks {
  /** The `seek:paired` frame arrived on one of the page's sockets. */
  readonly paired?: number;
  /** The App Router asked the server for the room route's payload (its client-side navigation)… */
  readonly routeAsked?: number;
  /** …and had all of it. */
  readonly routeAnswered?: number;
}

/**
 * Watches `page` for the steps between a quick-pairing press and the room: its sockets' frames and its
 * requests, as this process receives Playwright's events (the clock all the figures share).
 */
function pairingMarks(page: Page) {
  let started = performance.now();
  let marks: { -readonly [K in keyof Marks]: Marks[K] } = {};
  const since = () => performance.now() - started;
  const roomRoute = (request: Request) =>
    request.resourceType() === "fetch" && new URL(request.url()).pathname.startsWith("/play/");
  page.on("websocket", (socket) =>
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload === "string" && payload.includes('"seek:paired"')) marks.paired ??= since();
    }),
  );
  page.on("request", (request) => {
    if (roomRoute(request)) marks.routeAsked ??= since();
  });
  page.on("requestfinished", (request) => {
    if (roomRoute(request)) marks.routeAnswered ??= since();
  });
  return {
    start() {
      started = performance.now();
      marks = {};
    },
    since,
    marks: (): Marks => ({ ...marks }),
  };
}

test("two people on their own machines register, play a rated Othello game with chat and see each other's new rating; a third is paired at once", async () => {
  test.setTimeout(300_000);
  const hosts: Hosts = await hostsForTest(["A", "B", "C", "D"]);
  const browsers: Browser[] = [];
  let product: Product | undefined;
  try {
    const [a, b, c, d] = [hosts.host("A"), hosts.host("B"), hosts.host("C"), hosts.host("D")] as const;
    product = await startProduct(a);
    expect(product.networkUrls).toEqual([`http://${a.address}:3000/`]);
    const url = product.networkUrls[0] ?? "";

    const [bBrowser, cBrowser, dBrowser] = await Promise.all([
      b.launchChromium(),
      c.launchChromium(),
      d.launchChromium(),
    ] as const);
    browsers.push(bBrowser, cBrowser, dBrowser);
    const on = { baseURL: url };

    // 1. Bea and Cal register, each in the browser of their own machine.
    const bea = await (await bBrowser.newContext(on)).newPage();
    const cal = await (await cBrowser.newContext(on)).newPage();
    await Promise.all([bea.goto("/"), cal.goto("/")]);
    await registerAccount(bea, "Bea");
    await registerAccount(cal, "Cal");

    // 2. A rated game: Bea hosts, Cal takes the invite seat from her link (A's address, which C reaches).
    const matchId = await createGame(bea, {
      game: "othello",
      seats: ["me", "invite"],
      time: TIME,
      rated: true,
    });
    const link = await inviteLinkOf(bea);
    expect(link.startsWith(`${url}play/${matchId}`)).toBe(true);
    await cal.goto(link);
    await sitButton(cal, 1).click();
    await expect(seat(bea, 1)).toContainText("Cal");

    // They chat before and after playing; each sees the other's lines, in order, from the other machine.
    await say(bea, "good luck, Cal");
    await expect(chatLines(cal)).toHaveCount(1);
    await say(cal, "thanks, you too");
    for (const page of [bea, cal]) {
      await expect(chatLines(page)).toHaveCount(2);
      await expect(chatLines(page).nth(0)).toContainText("good luck, Cal");
      await expect(chatLines(page).nth(0).getByTestId("player-name")).toHaveText("Bea");
      await expect(chatLines(page).nth(1)).toContainText("thanks, you too");
      await expect(chatLines(page).nth(1).getByTestId("player-name")).toHaveText("Cal");
    }

    const { state } = await playOthelloToEnd({ black: bea, white: cal, watchers: [bea, cal] });
    const counts = Othello.discCounts(state);
    // The fixture plays the same game every run; a draw would leave both ratings at 1500.
    expect(counts.black, "the game is decided (a draw keeps the ratings)").not.toBe(counts.white);
    const beaWon = counts.black > counts.white;
    for (const page of [bea, cal]) {
      await expect(resultBanner(page)).toContainText("by score");
      await expect(page.getByTestId("rating-changes")).toBeVisible();
      await expect(page.getByTestId("rating-change-0")).toContainText("Bea 1500 → ");
      await expect(page.getByTestId("rating-change-1")).toContainText("Cal 1500 → ");
    }
    const beaChange = await ratingChange(cal, 0);
    const calChange = await ratingChange(bea, 1);
    expect(beaChange.after > 1500).toBe(beaWon);
    expect(calChange.after > 1500).toBe(!beaWon);
    expect(await ratingChange(bea, 0)).toEqual(beaChange);
    expect(await ratingChange(cal, 1)).toEqual(calChange);

    await say(cal, "gg");
    await expect(chatLines(bea).last()).toContainText("gg");
    await bea.screenshot({ path: "screenshots/players-hosts-rated-result.png", fullPage: true });

    // 3. Each opens the other's profile: the new rating in Othello's rapid pool, one game, this game listed.
    await expectProfileRating(bea, "Cal", calChange.after, matchId, "Bea");
    await expectProfileRating(cal, "Bea", beaChange.after, matchId, "Cal");
    await cal.screenshot({ path: "screenshots/players-hosts-profile.png", fullPage: true });

    // 4. Dee, a guest on host D, finds an opponent through quick pairing: Bea is seeking in the same cell.
    const dee = await newPlayer(dBrowser, "Dee", on);
    const cell = (page: Page) =>
      page.getByTestId("quick-pairing").locator(`[data-testid="pool-cell"][data-pool="${POOL}"]`);
    const deeMarks = pairingMarks(dee.page);
    const measured: ({ url: number; board: number; bea: number } & Marks)[] = [];
    for (let round = 0; round < PAIRINGS; round++) {
      await Promise.all([bea.goto("/"), dee.page.goto("/")]);
      await expect(bea.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
      await expect(dee.page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
      await cell(bea).click();
      await expect(bea.getByTestId("seek-spinner")).toBeVisible();
      // Dee's lobby has heard of Bea's seek: her press is the one that pairs.
      await expect(cell(dee.page).getByTestId("pool-count")).toHaveText("1 seeking");

      // No fixed wait anywhere: the room must show within PAIRING_LIMIT_MS of Dee's press, on both machines.
      deeMarks.start();
      await cell(dee.page).click();
      const [dees, beaUrl] = await Promise.all([
        (async () => {
          await dee.page.waitForURL(/\/play\//, { timeout: PAIRING_LIMIT_MS });
          const url = deeMarks.since();
          await board(dee.page).waitFor({ state: "visible", timeout: PAIRING_LIMIT_MS });
          return { url, board: deeMarks.since() };
        })(),
        bea.waitForURL(/\/play\//, { timeout: PAIRING_LIMIT_MS }).then(deeMarks.since),
      ]);
      measured.push({ ...deeMarks.marks(), ...dees, bea: beaUrl });

      expect(matchIdOf(dee.page)).toBe(matchIdOf(bea));
      const seated = `${await seat(dee.page, 0).innerText()} ${await seat(dee.page, 1).innerText()}`;
      expect(seated).toContain("Bea");
      expect(seated).toContain("Dee");
      await expect(board(bea)).toBeVisible();
    }
    const ms = (n: number | undefined) => (n === undefined ? "(not seen)" : `${Math.round(n)} ms`);
    for (const [i, m] of measured.entries()) {
      console.log(
        `quick pairing ${i + 1}/${PAIRINGS} across machines, from Dee's press: seek:paired in her tab ${ms(m.paired)}, ` +
          `room route asked ${ms(m.routeAsked)} and answered ${ms(m.routeAnswered)}, her room URL ${ms(m.url)}, ` +
          `her board ${ms(m.board)}; Bea's room URL ${ms(m.bea)}`,
      );
    }
    await dee.page.screenshot({ path: "screenshots/players-hosts-paired.png", fullPage: true });
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
    await product?.stop();
    await hosts.teardown();
  }
});
