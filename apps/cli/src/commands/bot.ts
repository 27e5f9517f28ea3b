import { parseArgs } from "node:util";
import { Bot } from "../bot/bot.js";
import type { Output } from "../io.js";
import { UsageError } from "./common.js";

export const BOT_USAGE = `bot --server <url> --engine "<command>" [--name <n> --password <p>] [--register] [--depth <n>]
           a bot seat: plays the Othello seats it is invited to with an NBoard engine (docs/cli.md)`;

/** Where the credentials come from when the flags leave them out (never logged). */
export interface BotEnvironment {
  readonly ARENA_BOT_NAME?: string | undefined;
  readonly ARENA_BOT_PASSWORD?: string | undefined;
}

/**
 * `arena bot`: runs until SIGINT or SIGTERM (`stopped` resolves), then disconnects and stops the engine;
 * resigns nothing. Exits 2 when it cannot start (bad usage, no login, not a bot account, no engine).
 */
export async function botCommand(
  args: string[],
  io: Output,
  env: BotEnvironment,
  stopped: Promise<void>,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      server: { type: "string" },
      engine: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      register: { type: "boolean", default: false },
      depth: { type: "string" },
    },
  });
  const name = values.name ?? env.ARENA_BOT_NAME;
  const password = values.password ?? env.ARENA_BOT_PASSWORD;
  if (values.server === undefined) throw new UsageError("--server <url> is required");
  if (!URL.canParse(values.server))
    throw new UsageError("--server must be a URL such as http://localhost:3000");
  if (values.engine === undefined || values.engine.trim() === "") {
    throw new UsageError('--engine "<command>" is required (an NBoard engine: arena nboard, edax -nboard)');
  }
  if (name === undefined || password === undefined) {
    throw new UsageError("give --name and --password, or ARENA_BOT_NAME and ARENA_BOT_PASSWORD");
  }
  const depth = values.depth === undefined ? undefined : Number(values.depth);
  if (depth !== undefined && (!Number.isInteger(depth) || depth < 1 || depth > 60)) {
    throw new UsageError("--depth must be an integer 1..60");
  }
  const bot = new Bot({
    server: values.server,
    credentials: { name, password },
    register: values.register,
    engine: values.engine,
    ...(depth === undefined ? {} : { depth }),
    log: (line) => io.stderr(`${new Date().toISOString()} ${line}\n`),
  });
  const failed = await bot.start();
  if (failed !== null) {
    bot.stop();
    io.stderr(`arena bot: ${failed}\n`);
    return 2;
  }
  await stopped;
  io.stderr(`${new Date().toISOString()} stopping\n`);
  bot.stop();
  return 0;
}
