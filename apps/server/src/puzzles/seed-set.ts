/**
 * The shipped puzzles (`packages/puzzles/data/*.jsonl`, docs/puzzles.md "The seed set"), loaded into the
 * store when the server starts: those it lacks are added with their initial ratings, those it has keep
 * theirs. Puzzles are served from the store, never from these files.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parsePuzzle, type Puzzle } from "@arena/puzzles";
import { type Glicko } from "../ratings/glicko2.js";
import { type PuzzleStore } from "../store/ports/puzzles.js";
import { initialPuzzleGlicko } from "./rating.js";

/**
 * `@arena/puzzles`'s data folder, found from the package's entry (`dist/index.js`) as Node resolves it:
 * the same from `npm start`, a built `dist` and the Docker image (which copies the whole repository).
 */
export function seedFolder(): string {
  return join(dirname(createRequire(import.meta.url).resolve("@arena/puzzles")), "..", "data");
}

export type SeedRead = { ok: true; puzzles: Puzzle[] } | { ok: false; message: string };

/** Every puzzle of every `*.jsonl` file in `folder`, each line checked by `parsePuzzle`; the first bad line fails it. */
export function readSeedSet(folder: string): SeedRead {
  const puzzles: Puzzle[] = [];
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".jsonl"))
    .sort();
  for (const file of files) {
    const lines = readFileSync(join(folder, file), "utf8").split("\n");
    for (const [index, line] of lines.entries()) {
      if (line.trim() === "") continue;
      const parsed = parsePuzzle(line);
      if (!parsed.ok) return { ok: false, message: `${file}:${index + 1}: ${parsed.error.message}` };
      puzzles.push(parsed.value);
    }
  }
  return { ok: true, puzzles };
}

/** The puzzles with their initial ratings, as `PuzzleStore.seed` takes them. */
export function withInitialRatings(puzzles: readonly Puzzle[]): { puzzle: Puzzle; glicko: Glicko }[] {
  return puzzles.map((puzzle) => ({ puzzle, glicko: initialPuzzleGlicko(puzzle) }));
}

export interface SeedLoad {
  readonly total: number;
  readonly added: number;
  readonly ms: number;
}

/** The files do not change while the process runs: read and parsed once (tests start many servers). */
const reads = new Map<string, SeedRead>();

/** Reads the seed set and adds what the store lacks, in one step of the store's. */
export async function loadSeedSet(store: PuzzleStore, folder = seedFolder()): Promise<SeedLoad | string> {
  const started = performance.now();
  const read = reads.get(folder) ?? readSeedSet(folder);
  reads.set(folder, read);
  if (!read.ok) return read.message;
  const added = await store.seed(withInitialRatings(read.puzzles));
  return { total: read.puzzles.length, added, ms: Math.round(performance.now() - started) };
}
