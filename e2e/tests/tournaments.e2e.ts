// A tournament through the pages (issue 29): an account creates a swiss of three rounds with two computer
// entrants, joins it, starts it and plays its games in their rooms; a guest watching the tournament's page
// sees it change live (pushed, never reloaded); at the end the standings, rounds and crosstable the page
// shows are the server's, and each of the account's results is the one its room announced.
import { type Locator, type Page, expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { board, moveButtons, newPlayer, resultBanner } from "../fixtures/arena.js";

type Outcome = "win" | "loss" | "draw";

/** What this test reads of `GET /api/tournaments/<id>` (packages/protocol's `TournamentView`). */
interface TournamentView {
  readonly status: string;
  readonly standings: readonly {
    readonly entrant: string;
    readonly points: number;
    readonly games: number;
  }[];
  readonly roundsPlayed: readonly {
    readonly pairings: readonly {
      readonly names: readonly string[];
      readonly entrants: readonly string[];
      readonly matchId: string | null;
      readonly result: string | null;
      readonly points: readonly number[] | null;
    }[];
  }[];
  readonly crosstable: {
    readonly entrants: readonly string[];
    readonly cells: readonly (readonly (string | null)[])[];
  } | null;
}

/** Plays the viewer's moves (any legal square the board offers) until the room announces the result. */
async function playToResult(page: Page): Promise<void> {
  const playable = board(page).locator("button.playable");
  const banner = resultBanner(page);
  await expect(board(page)).toBeVisible();
  for (;;) {
    await expect(banner.or(playable.first())).toBeVisible({ timeout: 60_000 });
    if (await banner.isVisible()) return;
    const before = await moveButtons(page).count();
    await playable.first().click();
    await expect(moveButtons(page)).not.toHaveCount(before);
  }
}

/** The room's result from `name`'s side, as its banner words it ("ann (Black) wins", "Draw"). */
async function outcomeFor(page: Page, name: string): Promise<Outcome> {
  const text = (await resultBanner(page).textContent()) ?? "";
  if (text.startsWith("Draw")) return "draw";
  return text.includes(`${name} (`) && /\bwins?\b/.test(text) ? "win" : "loss";
}

/** A pairing's result from the side of the entrant named `name`. */
function outcomeOf(names: readonly string[], result: string, name: string): Outcome {
  if (result === "½-½") return "draw";
  const firstWon = result === "1-0";
  return (names[0] === name) === firstWon ? "win" : "loss";
}

/** Points as the page writes them: "2½", "½", "3". */
function pointsText(points: number): string {
  const whole = Math.floor(points);
  if (points - whole < 0.5) return String(whole);
  return whole === 0 ? "½" : `${whole}½`;
}

function round(page: Page, number: number): Locator {
  return page.locator(`[data-testid=round][data-round="${number}"]`);
}

test("an account runs a swiss of three rounds with two computers while a guest watches it live", async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const stamp = Date.now().toString(36).slice(-5);
  const name = `Dir_${stamp}`;
  const host = await newPlayer(browser, "Host");
  await registerAccount(host.page, name);

  // The create form: a swiss of three rounds at 3+2, with two computers of level 1.
  await host.page.goto("/tournaments");
  const form = host.page.getByTestId("create-tournament");
  await form.getByTestId("tournament-name").fill(`Swiss ${stamp}`);
  await form.getByTestId("tournament-game").selectOption("othello");
  await form.getByTestId("tournament-format").selectOption("swiss");
  await form.locator("label.chip", { hasText: /^3\+2$/ }).click();
  await form.getByTestId("tournament-rounds").fill("3");
  await form.getByTestId("ai-level").selectOption("1");
  await form.getByTestId("add-ai").click();
  await form.getByTestId("add-ai").click();
  await expect(form.getByTestId("ai-entrants").locator("li")).toHaveCount(2);
  await form.getByTestId("create-tournament-submit").click();
  await host.page.waitForURL(/\/tournaments\/t_[A-Za-z0-9]{9}$/);
  const id = decodeURIComponent(host.page.url().split("/").pop() ?? "");
  await expect(host.page.getByTestId("tournament-status")).toHaveText("Waiting");

  // A guest finds it in the list and follows its page from before the start.
  const watcher = await newPlayer(browser, "Watcher");
  await watcher.page.goto("/tournaments");
  await watcher.page.locator(`[data-testid=tournament-row][data-id="${id}"] a`).click();
  await watcher.page.waitForURL(new RegExp(`/tournaments/${id}$`));
  const watched = watcher.page.getByTestId("tournament");
  await expect(watcher.page.getByTestId("standing")).toHaveCount(2);
  await expect(watcher.page.getByTestId("tournament-start")).toHaveCount(0);

  // The account joins and starts; the watcher's page shows each change as it is pushed.
  await host.page.getByTestId("tournament-join").click();
  await expect(host.page.getByTestId("tournament-withdraw")).toBeVisible();
  await expect(watcher.page.getByTestId("standing")).toHaveCount(3);
  await host.page.getByTestId("tournament-start").click();
  await expect(watched).toHaveAttribute("data-status", "running");
  await expect(watcher.page.getByTestId("tournament-progress")).toHaveText(/round \d of 3/);

  // Three entrants: each round one has a bye; the account plays its games in their rooms.
  const played = new Map<string, Outcome>();
  for (let number = 1; number <= 3; number++) {
    await host.page.goto(`/tournaments/${id}`);
    await expect(round(host.page, number)).toBeVisible({ timeout: 180_000 });
    await expect(round(watcher.page, number)).toBeVisible();
    const mine = round(host.page, number).getByTestId("pairing").filter({ hasText: name });
    const link = mine.locator("a[data-testid=pairing-result]");
    if ((await link.count()) === 0) continue; // the account's bye
    const href = (await link.getAttribute("href")) ?? "";
    await host.page.goto(href);
    await playToResult(host.page);
    played.set(decodeURIComponent(href.split("/").pop() ?? ""), await outcomeFor(host.page, name));
  }
  expect(played.size).toBeGreaterThanOrEqual(2);

  // The end reaches the watcher without a reload.
  await expect(watched).toHaveAttribute("data-status", "finished", { timeout: 300_000 });
  await expect(watcher.page.getByTestId("tournament-status")).toHaveText("Finished");

  const answer = await watcher.page.request.get(`/api/tournaments/${id}`);
  const { tournament } = (await answer.json()) as { tournament: TournamentView };
  expect(tournament.status).toBe("finished");
  expect(tournament.roundsPlayed).toHaveLength(3);

  // Nobody met twice, and every point in the standings came from a game or a bye.
  const pairs = tournament.roundsPlayed.flatMap((r) =>
    r.pairings.filter((p) => p.entrants.length === 2).map((p) => [...p.entrants].sort().join("|")),
  );
  expect(new Set(pairs).size).toBe(pairs.length);
  const fromGames = tournament.roundsPlayed
    .flatMap((r) => r.pairings)
    .flatMap((p) => p.points ?? [])
    .reduce((a, b) => a + b, 0);
  expect(tournament.standings.reduce((sum, s) => sum + s.points, 0)).toBe(fromGames);

  // Each of the account's results on the page is the one its room announced.
  for (const [matchId, outcome] of played) {
    const pairing = tournament.roundsPlayed.flatMap((r) => r.pairings).find((p) => p.matchId === matchId);
    expect(pairing?.result).not.toBeNull();
    expect(outcomeOf(pairing?.names ?? [], pairing?.result ?? "", name)).toBe(outcome);
    const shown = watcher.page.locator(`a[data-testid=pairing-result][href="/play/${matchId}"]`);
    await expect(shown).toHaveText(pairing?.result ?? "");
  }

  // The watcher's standings and crosstable are the server's, row by row.
  const rows = watcher.page.getByTestId("standing");
  await expect(rows).toHaveCount(3);
  for (const [i, standing] of tournament.standings.entries()) {
    await expect(rows.nth(i)).toHaveAttribute("data-entrant", standing.entrant);
    await expect(rows.nth(i).getByTestId("standing-points")).toHaveText(pointsText(standing.points));
    await expect(rows.nth(i).getByTestId("standing-games")).toHaveText(String(standing.games));
  }
  await expect(watcher.page.getByTestId("tie-break").first()).toHaveText("BQ");
  const table = tournament.crosstable;
  expect(table).not.toBeNull();
  const crossRows = watcher.page.getByTestId("crosstable-row");
  await expect(crossRows).toHaveCount(3);
  for (const [r, entrant] of (table?.entrants ?? []).entries()) {
    const cells = crossRows.nth(r).getByTestId("crosstable-cell");
    await expect(crossRows.nth(r)).toHaveAttribute("data-entrant", entrant);
    for (const [c, cell] of (table?.cells[r] ?? []).entries()) {
      await expect(cells.nth(c)).toHaveText(r === c ? "" : (cell ?? ""));
    }
  }

  // The results download from the page: standings and crosstable CSV, the games as GGF, WOF results.
  const links = watcher.page.getByTestId("tournament-downloads").locator("a");
  await expect(links).toHaveCount(4);
  const files = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(files.map((href) => href.split("/").pop())).toEqual([
    "standings.csv",
    "crosstable.csv",
    "games.ggf",
    "wof.txt",
  ]);
  for (const href of files) expect((await watcher.page.request.get(href)).status()).toBe(200);
  const [download] = await Promise.all([watcher.page.waitForEvent("download"), links.first().click()]);
  expect(download.suggestedFilename()).toBe(`arena-${id}-standings.csv`);
  const csv = (await (await watcher.page.request.get(files[0] ?? "")).text()).split("\r\n");
  expect(csv.slice(1, -1).map((line) => line.split(",")[3])).toEqual(
    tournament.standings.map((s) => String(s.points)),
  );
  await watcher.page.screenshot({ path: "screenshots/tournament-finished.png", fullPage: true });

  // On a phone the page does not scroll sideways: wide tables scroll inside their panel.
  await watcher.page.setViewportSize({ width: 375, height: 800 });
  await expect(watcher.page.getByTestId("crosstable")).toBeVisible();
  expect(await watcher.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await watcher.page.screenshot({ path: "screenshots/tournament-phone.png", fullPage: true });

  for (const player of [host, watcher]) await player.context.close();
});
