// WCAG 2.2 AA on every kind of page (issue 31, Build 3 and 5; docs/web.md, "Accessibility"): axe-core finds
// no violation on any page, in each language and in both colour schemes. The games, accounts and tournament
// are made once for the worker (again only after a failure); each language × scheme then reads every page
// with the same browsers.
import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import { createGame, resultBanner, sitButton, square } from "../fixtures/arena.js";
import { grantModerator } from "../fixtures/moderator.js";
import { ratedGame } from "../fixtures/rated-game.js";
import { axeViolations } from "../fixtures/axe.js";

type Locale = "en" | "ru" | "ja";
type Scheme = "light" | "dark";

interface Scene {
  readonly ann: BrowserContext; // an account and moderator: the finished game, the profile, settings, /mod
  readonly ben: BrowserContext; // Ann's opponent in the live game
  readonly guest: BrowserContext; // a guest: the spectator and the public pages
  readonly annName: string;
  readonly finishedId: string;
  readonly liveId: string;
  readonly tournamentId: string;
}

/** A page of the scene: who reads it, where, and what shows it is ready. */
interface Visit {
  readonly label: string;
  readonly as: "ann" | "ben" | "guest";
  readonly path: string;
  readonly ready: (page: Page) => Promise<void>;
}

const visible = (testId: string) => async (page: Page) => {
  await expect(page.getByTestId(testId).first()).toBeVisible();
};

function visits(scene: Scene): Visit[] {
  const room = (id: string) => `/play/${encodeURIComponent(id)}`;
  // The board is named in the page's language: the square found by its data attribute.
  const f5Black = async (page: Page) => {
    await expect(page.locator("[data-square=f5]")).toHaveAttribute("data-disc", "black");
  };
  return [
    { label: "lobby", as: "guest", path: "/", ready: visible("session-badge") },
    { label: "room as a player", as: "ann", path: room(scene.liveId), ready: f5Black },
    { label: "room as the other player", as: "ben", path: room(scene.liveId), ready: f5Black },
    { label: "room as a spectator", as: "guest", path: room(scene.liveId), ready: f5Black },
    {
      label: "finished room, analysed",
      as: "ann",
      path: room(scene.finishedId),
      ready: async (page) => {
        await expect(resultBanner(page)).toBeVisible();
        // Analysed once in the scene: the page fetches the stored analysis when it opens.
        await expect(page.getByTestId("analysis")).toHaveAttribute("data-state", "done");
      },
    },
    { label: "leaderboard", as: "guest", path: "/leaderboard", ready: visible("session-badge") },
    {
      label: "profile",
      as: "guest",
      path: `/@/${scene.annName}`,
      ready: async (page) => {
        await expect(page.getByTestId("rating-chart").locator("canvas")).toBeVisible();
      },
    },
    { label: "tournaments", as: "ann", path: "/tournaments", ready: visible("create-tournament") },
    {
      label: "tournament",
      as: "guest",
      path: `/tournaments/${encodeURIComponent(scene.tournamentId)}`,
      ready: visible("tournament-status"),
    },
    {
      label: "correspondence",
      as: "ann",
      path: "/correspondence",
      ready: async (page) => {
        await expect(
          page.getByTestId("correspondence-empty").or(page.getByTestId("correspondence-list")),
        ).toBeVisible();
      },
    },
    {
      label: "notifications",
      as: "ann",
      path: "/notifications",
      ready: async (page) => {
        await expect(
          page.getByTestId("notifications-empty").or(page.getByTestId("notifications-list")),
        ).toBeVisible();
      },
    },
    { label: "settings", as: "ann", path: "/settings", ready: visible("vacation-settings") },
    { label: "settings as a guest", as: "guest", path: "/settings", ready: visible("settings-guest") },
    { label: "how to play", as: "guest", path: "/how-to-play", ready: visible("session-badge") },
    {
      label: "how to play Othello",
      as: "guest",
      path: "/how-to-play/othello",
      ready: visible("session-badge"),
    },
    {
      label: "board demo",
      as: "guest",
      path: "/board-demo",
      ready: async (page) => {
        await expect(page.locator("[data-square=d4]").first()).toHaveAttribute("data-disc", "white");
      },
    },
    { label: "analysis board", as: "guest", path: "/analysis?game=othello", ready: visible("session-badge") },
    { label: "puzzles", as: "guest", path: "/puzzles", ready: visible("puzzle-games") },
    { label: "puzzle trainer", as: "guest", path: "/puzzles/othello", ready: visible("puzzle-facts") },
    {
      label: "puzzle trainer with a history",
      as: "ann",
      path: "/puzzles/othello?mode=daily",
      ready: async (page) => {
        await expect(page.getByTestId("puzzle-facts")).toBeVisible();
        await expect(page.getByTestId("puzzle-history")).toHaveAttribute("data-state", /ready|failed/);
      },
    },
    { label: "password reset", as: "guest", path: "/reset", ready: visible("reset-name") },
    { label: "moderation", as: "ann", path: "/mod", ready: visible("mod-page") },
    { label: "404", as: "guest", path: "/no-such-page", ready: visible("session-badge") },
  ];
}

/** Ann (moderator) won a rated game against Ben, is playing a live one against him, and runs a tournament. */
async function makeScene(browser: Browser): Promise<Scene> {
  const stamp = Date.now().toString(36).slice(-5);
  const { ann, ben, annName, matchId: finishedId } = await ratedGame(browser, `axe${stamp}`);
  grantModerator(annName);
  await ann.page.getByTestId("analyse").click();
  await expect(ann.page.getByTestId("analysis")).toHaveAttribute("data-state", "done", { timeout: 60_000 });

  // The live game: a long clock, so it is still on when the last language and scheme read it.
  await ann.page.goto("/");
  const liveId = await createGame(ann.page, {
    game: "othello",
    seats: ["me", "open"],
    time: { minutes: 60, increment: 0 },
  });
  await ben.page.goto(`/play/${liveId}`);
  await sitButton(ben.page, 1).click();
  await square(ann.page, "f5").click();
  await expect(square(ben.page, "f5")).toHaveAttribute("data-disc", "black");

  await ann.page.goto("/tournaments");
  const form = ann.page.getByTestId("create-tournament");
  await form.getByTestId("tournament-name").fill(`Axe ${stamp}`);
  await form.getByTestId("tournament-game").selectOption("othello");
  await form.getByTestId("tournament-format").selectOption("swiss");
  await form.getByTestId("tournament-rounds").fill("3");
  await form.getByTestId("create-tournament-submit").click();
  await ann.page.waitForURL(/\/tournaments\/t_[A-Za-z0-9]{9}$/);
  const tournamentId = decodeURIComponent(ann.page.url().split("/").pop() ?? "");

  const guest = await browser.newContext();
  return { ann: ann.context, ben: ben.context, guest, annName, finishedId, liveId, tournamentId };
}

test.describe("axe-core: no WCAG 2.2 AA violation", () => {
  let scene: Scene;
  test.beforeAll(async ({ browser }) => {
    test.skip(
      process.env.ARENA_E2E_URL !== undefined && process.env.ARENA_E2E_URL !== "",
      "grants a moderator on the local store",
    );
    test.setTimeout(120_000);
    scene = await makeScene(browser);
  });
  test.afterAll(async () => {
    for (const context of [scene?.ann, scene?.ben, scene?.guest]) await context?.close();
  });

  for (const scheme of ["light", "dark"] as const satisfies readonly Scheme[]) {
    for (const locale of ["en", "ru", "ja"] as const satisfies readonly Locale[]) {
      test(`every kind of page, ${locale}, ${scheme}`, async () => {
        test.setTimeout(180_000);
        const pages = new Map<Visit["as"], Page>();
        for (const [who, context] of [
          ["ann", scene.ann],
          ["ben", scene.ben],
          ["guest", scene.guest],
        ] as const) {
          await context.addCookies([
            { name: "NEXT_LOCALE", value: locale, url: test.info().project.use.baseURL ?? "" },
          ]);
          const page = await context.newPage();
          await page.emulateMedia({ colorScheme: scheme });
          pages.set(who, page);
        }
        // The three people read their pages side by side (the waits for the server overlap).
        const readAll = async ([who, page]: [Visit["as"], Page]) => {
          const lines: string[] = [];
          for (const visit of visits(scene).filter((each) => each.as === who)) {
            await page.goto(visit.path);
            await expect(page.locator("html")).toHaveAttribute("lang", locale);
            await expect(page.locator("html")).toHaveAttribute("data-theme", scheme);
            await visit.ready(page);
            lines.push(...(await axeViolations(page)).map((line) => `${visit.label}: ${line}`));
          }
          return lines;
        };
        const found = (await Promise.all([...pages].map(readAll))).flat();
        for (const page of pages.values()) await page.close();
        expect(found.length, `axe violations:\n${found.join("\n")}`).toBe(0);
      });
    }
  }
});
