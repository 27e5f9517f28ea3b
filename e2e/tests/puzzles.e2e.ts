// The puzzle trainer (issue 32; docs/puzzles.md, "The trainer"; docs/web.md, "Puzzles"): an account solves an
// Othello puzzle and fails one, sees the refutation and what the wrong move cost, and its rating moves up,
// then down; a streak counts and ends at the first mistake; the daily puzzle is the same on a reload. The
// spec knows each answer by reading the shipped seed set by the id the page serves.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { square } from "../fixtures/arena.js";

interface SeedPuzzle {
  readonly id: string;
  readonly line: readonly string[];
  readonly proof: readonly {
    readonly move: string;
    readonly values: readonly { move: string; value: number }[];
  }[];
}

const SEED = join(import.meta.dirname, "..", "..", "packages", "puzzles", "data", "othello.jsonl");
const PUZZLES = new Map(
  readFileSync(SEED, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as SeedPuzzle)
    .map((puzzle) => [puzzle.id, puzzle]),
);

/** The seed-set puzzle on the page, once it is served and the player is to move. */
async function servedPuzzle(page: Page): Promise<SeedPuzzle> {
  await expect(page.getByTestId("puzzle-trainer")).toHaveAttribute("data-phase", "your-move");
  const id = await page.getByTestId("puzzle-facts").getAttribute("data-puzzle");
  const puzzle = PUZZLES.get(id ?? "");
  if (puzzle === undefined) throw new Error(`puzzle ${id} is not in the seed set`);
  return puzzle;
}

/** Plays the player's moves of the line (every other one), waiting for each reply. */
async function solve(page: Page, puzzle: SeedPuzzle): Promise<void> {
  const trainer = page.getByTestId("puzzle-trainer");
  for (let index = 0; index < puzzle.line.length; index += 2) {
    // The reply before this move is on the board: the player's turn again.
    await expect(trainer).toHaveAttribute("data-moves", String(index));
    await expect(trainer).toHaveAttribute("data-phase", "your-move");
    await square(page, puzzle.line[index] ?? "").click();
  }
  await expect(page.getByTestId("puzzle-ending")).toHaveAttribute("data-outcome", "solved");
}

/** Plays a first move the proof shows to be worse than the line's, and returns it. */
async function fail(page: Page, puzzle: SeedPuzzle): Promise<string> {
  const first = puzzle.proof[0];
  const wrong = first?.values.find((each) => each.move !== first.move);
  if (wrong === undefined) throw new Error(`puzzle ${puzzle.id} has no wrong first move`);
  await square(page, wrong.move).click();
  await expect(page.getByTestId("puzzle-ending")).toHaveAttribute("data-outcome", "wrong");
  return wrong.move;
}

test("an account solves a puzzle, fails one, sees the refutation, and its rating moves both ways", async ({
  page,
}) => {
  await page.goto("/");
  await registerAccount(page, `pz${Date.now().toString(36).slice(-6)}`);
  await page.getByRole("link", { name: "Puzzles", exact: true }).click();
  await page.getByTestId("puzzle-game-othello").click();
  await expect(page.getByTestId("puzzle-mode-rated")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("puzzle-status")).toContainText("Your move");

  const first = await servedPuzzle(page);
  await solve(page, first);
  await expect(page.getByTestId("puzzle-solution")).toContainText(first.line.join(" "));
  const up = Number(await page.getByTestId("puzzle-rating-change").getAttribute("data-delta"));
  expect(up).toBeGreaterThan(0);
  await expect(page.getByTestId("puzzle-analysis")).toHaveAttribute(
    "href",
    /^\/analysis\?game=othello&position=/,
  );
  await expect(page.getByTestId("puzzle-history-rating")).toBeVisible();

  await page.getByTestId("puzzle-next").click();
  const second = await servedPuzzle(page);
  expect(second.id).not.toBe(first.id);
  const wrong = await fail(page, second);
  await expect(page.getByTestId("puzzle-refutation")).toContainText(`Refutation: ${wrong}`);
  await expect(page.getByTestId("puzzle-shortfall")).toContainText(/loses \d+ discs?/);
  await expect(page.getByTestId("puzzle-solution")).toContainText(second.line.join(" "));
  const down = Number(await page.getByTestId("puzzle-rating-change").getAttribute("data-delta"));
  expect(down).toBeLessThan(0);
  // The history shows both attempts, newest first, and the chart of the rating after each.
  await expect(page.getByTestId("puzzle-attempt")).toHaveCount(2);
  await expect(page.getByTestId("puzzle-attempt").first()).toHaveAttribute("data-correct", "false");
  await expect(page.getByTestId("rating-chart").locator("canvas")).toBeVisible();
});

test("a streak counts solved puzzles and ends at the first mistake; the best is kept", async ({ page }) => {
  await page.goto("/puzzles/othello?mode=streak");
  await expect(page.getByTestId("puzzle-guest")).toBeVisible();
  await expect(page.getByTestId("puzzle-streak")).toHaveAttribute("data-streak", "0");
  await solve(page, await servedPuzzle(page));
  await expect(page.getByTestId("puzzle-streak")).toHaveAttribute("data-streak", "1");
  await expect(page.getByTestId("puzzle-unrated")).toBeVisible();
  await page.getByTestId("puzzle-next").click();
  await solve(page, await servedPuzzle(page));
  await expect(page.getByTestId("puzzle-streak")).toHaveAttribute("data-streak", "2");
  await page.getByTestId("puzzle-next").click();
  await fail(page, await servedPuzzle(page));
  await expect(page.getByTestId("puzzle-streak")).toHaveAttribute("data-streak", "2");
  await expect(page.getByTestId("puzzle-next")).toHaveText("New streak");
  await page.getByTestId("puzzle-next").click();
  await servedPuzzle(page);
  await expect(page.getByTestId("puzzle-streak")).toHaveAttribute("data-streak", "0");
  await expect(page.getByTestId("puzzle-streak")).toHaveAttribute("data-best", "2");
});

test("the daily puzzle is served and is the same on a reload", async ({ page }) => {
  await page.goto("/puzzles/othello?mode=daily");
  const daily = await servedPuzzle(page);
  await expect(page.getByTestId("puzzle-day")).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await page.reload();
  expect((await servedPuzzle(page)).id).toBe(daily.id);
});

test("a guest in the screen-reader mode solves a puzzle by typing its moves, and hears each move and the result", async ({
  page,
}) => {
  await page.goto("/puzzles/othello?mode=streak&sr=1");
  const puzzle = await servedPuzzle(page);
  const announcer = page.getByTestId("sr-announcer");
  await expect(announcer).toContainText("Your move: you play");
  const trainer = page.getByTestId("puzzle-trainer");
  const box = page.getByRole("textbox", { name: "Move" });
  for (let index = 0; index < puzzle.line.length; index += 2) {
    await expect(trainer).toHaveAttribute("data-moves", String(index));
    await expect(trainer).toHaveAttribute("data-phase", "your-move");
    await box.fill(puzzle.line[index] ?? "");
    await box.press("Enter");
  }
  await expect(page.getByTestId("puzzle-ending")).toHaveAttribute("data-outcome", "solved");
  // Each move is said in the game's words ("Black e8, flips …"), then the result with the solution.
  await expect(announcer).toContainText(puzzle.line[0] ?? "");
  await expect(announcer).toContainText(`Solution: ${puzzle.line.join(" ")}`);
});
