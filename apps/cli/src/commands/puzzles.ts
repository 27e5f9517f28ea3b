/**
 * `arena puzzles build --game <id> --seed <n> --count <n> [--out <file.jsonl>]` (docs/puzzles.md): puzzles
 * with provably unique solutions from seeded self-play, one JSON line each, to --out or stdout. The same
 * seed gives the same lines; an existing --out of the same game and seed is continued up to --count.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { GAME_IDS, isGameId } from "@arena/engine";
import {
  type GeneratedPuzzle,
  PUZZLE_GAME_IDS,
  formatPuzzle,
  generatePuzzles,
  isGenerated,
  parsePuzzle,
  puzzleFinder,
  resumePoint,
} from "@arena/puzzles";
import type { Output } from "../io.js";
import { UsageError, wholeNumber } from "./common.js";

export const PUZZLES_USAGE = `puzzles build --game <id> --seed <n> --count <n> [--out <file.jsonl>]
        puzzles whose every player move is proved the only best one; continues an existing --out`;

/** The puzzles already in `path`: a torn last line (a run killed mid-write) is cut off the file. */
function keptPuzzles(path: string, gameId: string, seed: number): GeneratedPuzzle[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, "utf8");
  const complete = text.endsWith("\n") || text === "" ? text : text.slice(0, text.lastIndexOf("\n") + 1);
  if (complete !== text) writeFileSync(path, complete);
  const puzzles: GeneratedPuzzle[] = [];
  for (const [index, line] of complete.split("\n").entries()) {
    if (line === "") continue;
    const puzzle = parsePuzzle(line);
    if (!puzzle.ok) throw new UsageError(`${path}:${index + 1}: ${puzzle.error.message}`);
    const { source } = puzzle.value;
    if (puzzle.value.gameId !== gameId || !isGenerated(source) || source.seed !== seed) {
      throw new UsageError(`${path} holds puzzles of another game or seed; choose another --out`);
    }
    puzzles.push({ ...puzzle.value, source });
  }
  return puzzles;
}

function build(args: string[], io: Output, now: () => number): number {
  const { values } = parseArgs({
    args,
    options: {
      game: { type: "string" },
      seed: { type: "string" },
      count: { type: "string" },
      out: { type: "string" },
    },
  });
  const gameId = values.game;
  if (gameId === undefined || !isGameId(gameId)) {
    throw new UsageError(`--game is one of ${GAME_IDS.join(", ")}`);
  }
  const finder = puzzleFinder(gameId);
  if (finder === null)
    throw new UsageError(`${gameId} has no puzzles (games with puzzles: ${PUZZLE_GAME_IDS.join(", ")})`);
  if (values.seed === undefined || values.count === undefined)
    throw new UsageError("--seed and --count are required");
  const seed = wholeNumber(values.seed, "--seed", 1, 0xffff_ffff);
  const count = wholeNumber(values.count, "--count", 1);
  const kept = values.out === undefined ? [] : keptPuzzles(values.out, gameId, seed);
  const last = kept.at(-1);
  if (kept.length > 0) io.stderr(`arena puzzles: ${values.out ?? ""} has ${kept.length}; continuing\n`);
  const write = (line: string): void => {
    if (values.out === undefined) io.stdout(line);
    else appendFileSync(values.out, line);
  };
  const started = now();
  let made = 0;
  let games = 0;
  let solved = 0;
  const stream = generatePuzzles(gameId, finder, {
    seed,
    seen: new Set(kept.map((puzzle) => puzzle.id)),
    ...(last === undefined ? {} : { from: resumePoint(last) }),
  });
  while (kept.length + made < count) {
    const event = stream.next().value;
    if (event.kind === "game") {
      games++;
      solved += event.solved;
      continue;
    }
    write(`${formatPuzzle(event.puzzle)}\n`);
    made++;
    const minutes = (now() - started) / 60_000;
    io.stderr(
      `arena puzzles: ${kept.length + made}/${count} ${gameId} (${games} games, ${solved} positions solved, ` +
        `${minutes.toFixed(1)} min)\n`,
    );
  }
  const minutes = (now() - started) / 60_000;
  const rate = minutes > 0 ? (made / minutes).toFixed(1) : "-";
  io.stderr(`arena puzzles: ${made} new ${gameId} puzzles in ${minutes.toFixed(2)} min (${rate} a minute)\n`);
  return 0;
}

export function puzzlesCommand(args: string[], io: Output, now: () => number): number {
  const [sub, ...rest] = args;
  if (sub !== "build") throw new UsageError(`usage: arena ${PUZZLES_USAGE}`);
  return build(rest, io, now);
}
