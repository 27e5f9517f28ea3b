/**
 * `arena book build --plies N --depth D [--width K] [--select-depth S] --out F`
 * grows the Othello opening book and writes it as a TypeScript module
 * (normally packages/engine/src/games/othello/ai/book-data.ts);
 * `arena book moves [--moves <transcript>]` lists the shipped book's moves
 * after a line of play.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Othello } from "@arena/engine";
import { type BookOptions, bookModule, bookMoves, buildBook } from "@arena/engine/games/othello/ai/book";
import type { Output } from "../io.js";
import { UsageError, progressBar, wholeNumber } from "./common.js";

export const BOOK_USAGE = `book build --plies <n> --depth <d> [--width 3] [--select-depth 2] --out <file>
        grow the Othello opening book and write it as a TypeScript module
  book moves [--moves <transcript>]   the shipped book's moves after a line, best first`;

function positive(text: string | undefined, flag: string, fallback: number, max: number): number {
  const value = wholeNumber(text, flag, fallback, max);
  if (value < 1) throw new UsageError(`${flag} must be 1..${max}`);
  return value;
}

function buildCommand(args: string[], io: Output, now: () => number, today: () => string): number {
  const { values } = parseArgs({
    args,
    options: {
      plies: { type: "string" },
      depth: { type: "string" },
      width: { type: "string" },
      "select-depth": { type: "string" },
      out: { type: "string" },
    },
  });
  if (values.plies === undefined || values.depth === undefined)
    throw new UsageError("book build needs --plies and --depth");
  if (values.out === undefined) throw new UsageError("book build needs --out <file>");
  const options: BookOptions = {
    plies: positive(values.plies, "--plies", 8, 20),
    depth: positive(values.depth, "--depth", 6, 16),
    width: positive(values.width, "--width", 3, 16),
    selectDepth: positive(values["select-depth"], "--select-depth", 2, 8),
  };
  const bar = progressBar(io, "leaves");
  let shown = -1;
  const built = buildBook(options, now, (done, total) => {
    // Redraw only when the bar would change, not once per leaf.
    const percent = Math.floor((done / total) * 100);
    if (percent === shown) return;
    shown = percent;
    bar(done, total);
  });
  const command = ["npx arena book build", ...args].join(" ");
  writeFileSync(values.out, bookModule(built, { command, date: today(), options }));
  io.stdout(
    `book: ${built.interior} positions, ${built.leaves} leaves, ${built.nodes} nodes, ${(built.elapsedMs / 1000).toFixed(1)} s -> ${values.out}\n`,
  );
  return 0;
}

function movesCommand(args: string[], io: Output): number {
  const { values } = parseArgs({ args, options: { moves: { type: "string" } } });
  const start = Othello.parsePosition(Othello.STANDARD_START);
  if (!start.ok) throw new Error(start.error.message);
  const line = Othello.parseTranscript(values.moves ?? "", start.value);
  if (!line.ok) throw new UsageError(line.error.message);
  const state = Othello.replay(start.value, line.value);
  if (!state.ok) throw new UsageError(state.error.message);
  const moves = bookMoves(state.value);
  if (moves.length === 0) {
    io.stdout("out of book\n");
    return 0;
  }
  for (const { move, value } of moves) io.stdout(`${Othello.squareName(move)} ${value}\n`);
  return 0;
}

export function bookCommand(
  args: string[],
  io: Output,
  now: () => number,
  today: () => string = () => new Date().toISOString().slice(0, 10),
): number {
  const [sub, ...rest] = args;
  switch (sub) {
    case "build":
      return buildCommand(rest, io, now, today);
    case "moves":
      return movesCommand(rest, io);
    default:
      throw new UsageError(`book: expected 'build' or 'moves'\nUsage: arena ${BOOK_USAGE}`);
  }
}
