import { parseArgs } from "node:util";
import { DEFAULT_GAME_ID, type GameId, GAME_IDS, getGame, isGameId, perft } from "@arena/engine";
import { createInterface } from "node:readline";
import { ADMIN_USAGE, adminCommand } from "./commands/admin.js";
import { BOOK_USAGE, bookCommand } from "./commands/book.js";
import { BOT_USAGE, botCommand } from "./commands/bot.js";
import { KRK_COMMAND, KRK_USAGE, krkCommand } from "./commands/krk.js";
import { nboardCommand } from "./commands/nboard.js";
import { PLAY_USAGE, playCommand } from "./commands/play.js";
import { PUZZLES_USAGE, puzzlesCommand } from "./commands/puzzles.js";
import { ROUND_ROBIN_USAGE, roundRobinCommand } from "./commands/round-robin.js";
import { SERIES_USAGE, seriesCommand } from "./commands/series.js";
import { solveCommand } from "./commands/solve.js";
import { TRAIN_USAGE, trainCommand } from "./commands/train.js";
import { OTHELLO_EVAL_NAMES, PLAYER_SPECS } from "@arena/lab/players/index";
import { diceOf, rollDice } from "@arena/engine/core/chance";
import { diceRandom } from "@arena/lab/tournament/index";
import { UsageError } from "./commands/common.js";
import type { Output } from "./io.js";

const USAGE = `Usage: arena <command> [options]

Commands:
  perft --game <id> --depth <n> [--moves <list>]   count the leaves of the game tree
  show  --game <id> [--moves <list>] [--options <json>] [--seed <n>]   print the board after some moves
  solve --file <F> [--threads 1]   solve FFO-format Othello positions exactly: id score best_move nodes seconds
  ${PLAY_USAGE}
  ${SERIES_USAGE}
  ${ROUND_ROBIN_USAGE}
  nboard   the NBoard engine protocol on stdin/stdout (Othello)
  ${BOT_USAGE}
  ${BOOK_USAGE}
  ${TRAIN_USAGE}
  ${KRK_USAGE}
  ${PUZZLES_USAGE}
  ${ADMIN_USAGE}

Games: ${GAME_IDS.join(", ")}

Players (<spec>, PAIP's strategy names):
${GAME_IDS.map((id) => `  ${id}: ${PLAYER_SPECS[id].join(", ")}`).join("\n")}
  othello <eval>: ${OTHELLO_EVAL_NAMES.join(", ")}
`;

interface GameChoice {
  readonly id: GameId;
  readonly options: unknown;
  readonly seed: number;
}

function fail(io: Output, message: string): number {
  io.stderr(`arena: ${message}\n`);
  return 2;
}

function chooseGame(values: { game?: string; options?: string; seed?: string }): GameChoice | string {
  const id = values.game ?? DEFAULT_GAME_ID;
  if (!isGameId(id)) return `unknown game '${id}' (one of ${GAME_IDS.join(", ")})`;
  let options: unknown = {};
  if (values.options !== undefined) {
    try {
      options = JSON.parse(values.options);
    } catch {
      return "--options must be JSON";
    }
  }
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed)) return "--seed must be an integer";
  return { id, options, seed };
}

/**
 * The start position of a game plus the moves given in its notation (an Othello transcript, or
 * space-separated moves); chance moves roll their dice from the seed, as `arena play` does.
 */
function positionAfter(choice: GameChoice, moves: string | undefined): { state: unknown } | string {
  const game = getGame(choice.id);
  const options = game.parseOptions(choice.options);
  if (!options.ok) return options.error.message;
  let state: unknown = game.initial(options.value, choice.seed);
  if (moves === undefined || moves.trim() === "") return { state };
  const dice = diceRandom(choice.seed);
  const text = moves.trim();
  const tokens =
    game.splitMoves !== undefined && !/[\s,]/.test(text) ? game.splitMoves(text) : text.split(/[\s,]+/);
  for (const token of tokens) {
    const forced = game.forcedMove(state);
    const move = game.parseMove(state, token);
    if (!move.ok) return move.error.message;
    if (forced !== null && token.toLowerCase() !== "pa") state = game.apply(state, forced);
    const next = game.play(state, move.value, undefined, rollDice(diceOf(game, state, move.value), dice));
    if (!next.ok) return `${token}: ${next.error.message}`;
    state = next.value;
  }
  return { state };
}

async function perftCommand(args: string[], io: Output): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      game: { type: "string" },
      depth: { type: "string" },
      moves: { type: "string" },
      options: { type: "string" },
      seed: { type: "string" },
    },
  });
  const depth = Number(values.depth ?? "NaN");
  if (!Number.isInteger(depth) || depth < 0 || depth > 30)
    return fail(io, "--depth must be an integer 0..30");
  const choice = chooseGame(values);
  if (typeof choice === "string") return fail(io, choice);
  const position = positionAfter(choice, values.moves);
  if (typeof position === "string") return fail(io, position);
  const game = getGame(choice.id);
  for (let d = 1; d <= depth; d++) {
    const started = performance.now();
    const leaves = game.perft?.(position.state, d) ?? perft(game, position.state, d);
    const seconds = (performance.now() - started) / 1000;
    const line = `depth ${d} leaves ${leaves} seconds ${seconds.toFixed(3)} leaves_per_s ${seconds > 0 ? Math.round(leaves / seconds) : 0}\n`;
    // Shallower depths are progress; the last line is the result, in the C yardstick's format.
    if (d === depth) io.stdout(line);
    else io.stderr(line);
  }
  if (depth === 0) io.stdout("depth 0 leaves 1 seconds 0.000 leaves_per_s 0\n");
  return Promise.resolve(0);
}

function showCommand(args: string[], io: Output): number {
  const { values } = parseArgs({
    args,
    options: {
      game: { type: "string" },
      moves: { type: "string" },
      options: { type: "string" },
      seed: { type: "string" },
    },
  });
  const choice = chooseGame(values);
  if (typeof choice === "string") return fail(io, choice);
  const position = positionAfter(choice, values.moves);
  if (typeof position === "string") return fail(io, position);
  io.stdout(`${getGame(choice.id).render(position.state)}\n`);
  return 0;
}

/** Runs a protocol command on standard input; closing the interface afterwards lets the process exit after "quit". */
async function withStdin(run: (lines: AsyncIterable<string>) => Promise<number>): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  try {
    return await run(lines);
  } finally {
    lines.close();
  }
}

/** Commands take the clock and their input from here, so that tests can script both. */
export interface CliEnvironment {
  readonly now?: () => number;
  readonly input?: () => AsyncIterable<string>;
  /** When a long-running command (`arena bot`) is to stop; default: SIGINT or SIGTERM. */
  readonly stopped?: Promise<void>;
}

function untilSignalled(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}

export async function runCli(argv: string[], io: Output, env: CliEnvironment = {}): Promise<number> {
  const [command, ...rest] = argv;
  const now = env.now ?? (() => performance.now());
  try {
    switch (command) {
      case "perft":
        return await perftCommand(rest, io);
      case "show":
        return showCommand(rest, io);
      case "solve":
        return solveCommand(rest, io, now);
      case "play":
        return playCommand(rest, io, now);
      case "series":
        return seriesCommand(rest, io, now);
      case "round-robin":
        return roundRobinCommand(rest, io, now);
      case "book":
        return bookCommand(rest, io, now);
      case "train":
        return await trainCommand(rest, io, now);
      case "puzzles":
        return puzzlesCommand(rest, io, now);
      case KRK_COMMAND:
        return krkCommand(rest, io, now);
      case "bot":
        return await botCommand(rest, io, process.env, env.stopped ?? untilSignalled());
      case "admin":
        return await adminCommand(rest, io);
      case "nboard":
        return env.input === undefined
          ? await withStdin((lines) => nboardCommand(rest, io, lines, now))
          : await nboardCommand(rest, io, env.input(), now);
      case undefined:
      case "help":
      case "--help":
        io.stdout(USAGE);
        return 0;
      default:
        return fail(io, `unknown command '${command}'\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof UsageError) return fail(io, error.message);
    // parseArgs reports unknown flags by throwing; anything else is a bug and keeps its stack.
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      return fail(io, error.message);
    }
    throw error;
  }
}
