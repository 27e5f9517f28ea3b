// A tournament through the pages (issue 29): an account creates a swiss of three rounds with two computer
// entrants, joins it, starts it and plays its games in their rooms; a guest watching the tournament's page
// sees it change live (pushed, never reloaded); at the end the standings, rounds and crosstable the page
// shows are the server's, and each of the account's results is the one its room announced. A second test:
// three accounts in three browsers and two computers play a swiss to the end while a guest watches the
// page's TV show the top game and reads the chat line a player sent.
import { type Locator, type Page, expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { type Player, board, moveButtons, newPlayer, resultBanner } from "../fixtures/arena.js";

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

/**
 * Plays the viewer's moves (any legal square the board offers) until the room announces the result; with
 * `resignAfter`, resigns instead once the viewer has made that many moves.
 */
async function playToResult(page: Page, resignAfter = Infinity): Promise<void> {
  const playable = board(page).locator("button.playable");
  const banner = resultBanner(page);
  await expect(board(page)).toBeVisible();
  for (let moves = 0; ; moves++) {
    await expect(banner.or(playable.first())).toBeVisible({ timeout: 60_000 });
    if (await banner.isVisible()) return;
    if (moves >= resignAfter) {
      await page.getByRole("button", { name: "Resign" }).click();
      await page.getByRole("button", { name: "Yes, resign" }).click();
      await expect(banner).toBeVisible();
      return;
    }
    const before = await moveButtons(page).count();
    // The game may end between seeing a square and clicking it (the opponent resigned): look again.
    const clicked = await playable
      .first()
      .click({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (clicked) await expect(moveButtons(page)).not.toHaveCount(before);
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

/** The page's standings and crosstable are the server's view, row by row and cell by cell. */
async function expectPageShows(page: Page, tournament: TournamentView, entrants: number): Promise<void> {
  const rows = page.getByTestId("standing");
  await expect(rows).toHaveCount(entrants);
  for (const [i, standing] of tournament.standings.entries()) {
    await expect(rows.nth(i)).toHaveAttribute("data-entrant", standing.entrant);
    await expect(rows.nth(i).getByTestId("standing-points")).toHaveText(pointsText(standing.points));
    await expect(rows.nth(i).getByTestId("standing-games")).toHaveText(String(standing.games));
  }
  await expect(page.getByTestId("tie-break").first()).toHaveText("BQ");
  const table = tournament.crosstable;
  expect(table).not.toBeNull();
  const crossRows = page.getByTestId("crosstable-row");
  await expect(crossRows).toHaveCount(entrants);
  for (const [r, entrant] of (table?.entrants ?? []).entries()) {
    const cells = crossRows.nth(r).getByTestId("crosstable-cell");
    await expect(crossRows.nth(r)).toHaveAttribute("data-entrant", entrant);
    for (const [c, cell] of (table?.cells[r] ?? []).entries()) {
      await expect(cells.nth(c)).toHaveText(r === c ? "" : (cell ?? ""));
    }
  }
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
  // A guest has the list open before it exists: its row is pushed there (tournaments:changed).
  const watcher = await newPlayer(browser, "Watcher");
  await watcher.page.goto("/tournaments");
  await expect(watcher.page.getByTestId("tournaments-page")).toBeVisible();
  await form.getByTestId("create-tournament-submit").click();
  await host.page.waitForURL(/\/tournaments\/t_[A-Za-z0-9]{9}$/);
  const id = decodeURIComponent(host.page.url().split("/").pop() ?? "");
  await expect(host.page.getByTestId("tournament-status")).toHaveText("Waiting");

  // The guest finds it in the list, never reloaded, and follows its page from before the start.
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
  await expectPageShows(watcher.page, tournament, 3);

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

/** Where the tournament's page is opened from: its list, as a visitor finds it. */
async function openTournament(page: Page, id: string): Promise<void> {
  await page.goto(`/tournaments/${id}`);
  await expect(page.getByTestId("tournament")).toBeVisible();
}

test("three accounts and two computers play a swiss to the end while a guest watches its TV and chat", async ({
  browser,
}) => {
  test.setTimeout(1_200_000);
  const stamp = Date.now().toString(36).slice(-5);
  const people: Player[] = [];
  for (const stem of ["Ann", "Ben", "Cid"]) {
    const person = await newPlayer(browser, stem);
    await registerAccount(person.page, `${stem}_${stamp}`);
    people.push({ ...person, name: `${stem}_${stamp}` });
  }
  const [ann, ben] = people as [Player, Player, Player];

  // Ann creates a swiss of three rounds at 5+0 with two computers of level 1: five entrants, a bye a round.
  await ann.page.goto("/tournaments");
  const form = ann.page.getByTestId("create-tournament");
  await form.getByTestId("tournament-name").fill(`Trio ${stamp}`);
  await form.getByTestId("tournament-game").selectOption("othello");
  await form.getByTestId("tournament-format").selectOption("swiss");
  await form.locator("label.chip", { hasText: /^5\+0$/ }).click();
  await form.getByTestId("tournament-rounds").fill("3");
  await form.getByTestId("ai-level").selectOption("1");
  await form.getByTestId("add-ai").click();
  await form.getByTestId("add-ai").click();
  await form.getByTestId("create-tournament-submit").click();
  await ann.page.waitForURL(/\/tournaments\/t_[A-Za-z0-9]{9}$/);
  const id = decodeURIComponent(ann.page.url().split("/").pop() ?? "");

  const guest = await newPlayer(browser, "Guest watcher");
  await openTournament(guest.page, id);
  for (const person of people) {
    await openTournament(person.page, id);
    await person.page.getByTestId("tournament-join").click();
    await expect(person.page.getByTestId("tournament-withdraw")).toBeVisible();
  }
  await expect(guest.page.getByTestId("standing")).toHaveCount(5);

  // A player's chat line reaches the guest's page, pushed.
  await ben.page.getByTestId("tournament-chat-input").fill("Good luck, all!");
  await ben.page.getByTestId("tournament-chat-send").click();
  const heard = guest.page.getByTestId("tournament-chat-line").filter({ hasText: "Good luck, all!" });
  await expect(heard).toHaveCount(1);
  await expect(heard.getByTestId("player-name")).toHaveText(ben.name);

  await ann.page.getByTestId("tournament-start").click();
  await expect(guest.page.getByTestId("tournament")).toHaveAttribute("data-status", "running");

  /** A person's game of a round: against a computer played out, against a person resigned by the earlier-named after two moves. */
  const played = new Map<string, Map<string, Outcome>>();
  async function playRound(person: Player, number: number): Promise<void> {
    await openTournament(person.page, id);
    await expect(round(person.page, number)).toBeVisible({ timeout: 300_000 });
    const mine = round(person.page, number).getByTestId("pairing").filter({ hasText: person.name });
    const link = mine.locator("a[data-testid=pairing-result]");
    if ((await link.count()) === 0) return; // a bye
    const text = (await mine.textContent()) ?? "";
    const opponent = people.find((other) => other !== person && text.includes(other.name));
    const resigns = opponent !== undefined && person.name < opponent.name;
    const href = (await link.getAttribute("href")) ?? "";
    await person.page.goto(href);
    await playToResult(person.page, resigns ? 2 : Infinity);
    const matchId = decodeURIComponent(href.split("/").pop() ?? "");
    const outcomes = played.get(matchId) ?? new Map<string, Outcome>();
    // The banner of a resignation names both players: its outcome is known from who resigned.
    const outcome =
      opponent === undefined ? await outcomeFor(person.page, person.name) : resigns ? "loss" : "win";
    await expect(resultBanner(person.page)).toContainText(opponent === undefined ? "" : "resigned");
    outcomes.set(person.name, outcome);
    played.set(matchId, outcomes);
  }

  /** The guest's TV shows the server's top game, live, names and clocks; a click opens its room. */
  async function watchTv(): Promise<void> {
    const tv = guest.page.getByTestId("tv");
    await expect(tv).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(async () => {
        const answer = await guest.page.request.get(`/api/tournaments/${id}`);
        const { tournament } = (await answer.json()) as { tournament: { topGame: string | null } };
        return tournament.topGame === (await tv.getAttribute("data-match"));
      })
      .toBe(true);
    await expect(tv.getByTestId("tv-name")).toHaveCount(2);
    await expect(tv.locator(".clock").first()).toBeVisible();
    await expect(tv).not.toHaveAttribute("data-version", (await tv.getAttribute("data-version")) ?? "", {
      timeout: 60_000,
    });
    await guest.page.screenshot({ path: "screenshots/tournament-tv.png", fullPage: true });
    await guest.page.setViewportSize({ width: 375, height: 800 });
    await expect(tv).toBeVisible();
    expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await guest.page.screenshot({ path: "screenshots/tournament-tv-phone.png", fullPage: true });
    await guest.page.setViewportSize({ width: 1280, height: 800 });
    const shown = (await tv.getAttribute("data-match")) ?? "";
    await tv.getByTestId("tv-board").click();
    await guest.page.waitForURL(new RegExp(`/play/${shown}$`));
    await openTournament(guest.page, id);
  }

  for (let number = 1; number <= 3; number++) {
    await Promise.all([
      ...people.map((person) => playRound(person, number)),
      ...(number === 1 ? [watchTv()] : []),
    ]);
  }

  await expect(guest.page.getByTestId("tournament")).toHaveAttribute("data-status", "finished", {
    timeout: 300_000,
  });
  const answer = await guest.page.request.get(`/api/tournaments/${id}`);
  const { tournament } = (await answer.json()) as { tournament: TournamentView };
  expect(tournament.roundsPlayed).toHaveLength(3);
  for (const r of tournament.roundsPlayed) {
    expect(r.pairings.filter((p) => p.entrants.length === 1)).toHaveLength(1);
  }
  const pairs = tournament.roundsPlayed.flatMap((r) =>
    r.pairings.filter((p) => p.entrants.length === 2).map((p) => [...p.entrants].sort().join("|")),
  );
  expect(new Set(pairs).size).toBe(pairs.length);

  // Every result the server keeps is the one each person's room announced.
  expect(played.size).toBeGreaterThanOrEqual(4);
  for (const [matchId, outcomes] of played) {
    const pairing = tournament.roundsPlayed.flatMap((r) => r.pairings).find((p) => p.matchId === matchId);
    for (const [name, outcome] of outcomes) {
      expect(outcomeOf(pairing?.names ?? [], pairing?.result ?? "", name)).toBe(outcome);
    }
  }
  await expectPageShows(guest.page, tournament, 5);
  await guest.page.screenshot({ path: "screenshots/tournament-trio-finished.png", fullPage: true });

  for (const player of [...people, guest]) await player.context.close();
});

test("the form puts every AI level of the game in a round-robin with one click", async ({ browser }) => {
  const host = await newPlayer(browser, "Host");
  await registerAccount(host.page, `Ladder_${Date.now().toString(36).slice(-5)}`);
  await host.page.goto("/tournaments");
  const form = host.page.getByTestId("create-tournament");
  await form.getByTestId("tournament-game").selectOption("othello");
  const levels = await form.getByTestId("ai-level").locator("option").count();
  expect(levels).toBeGreaterThan(1);
  await form.getByTestId("ai-ladder").click();
  await expect(form.getByTestId("tournament-format")).toHaveValue("round-robin");
  await expect(form.getByTestId("ai-entrants").locator("li")).toHaveCount(levels);
  await form.getByTestId("create-tournament-submit").click();
  await host.page.waitForURL(/\/tournaments\/t_[A-Za-z0-9]{9}$/);
  await expect(host.page.getByTestId("standing")).toHaveCount(levels);
  await host.context.close();
});
