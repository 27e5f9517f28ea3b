import { parseArgs } from "node:util";
import { withMoveCeiling } from "@arena/lab/players/index";
import { series } from "@arena/lab/tournament/index";
import type { Output } from "../io.js";
import {
  UsageError,
  emitJson,
  gameSetup,
  parseClock,
  players,
  progressBar,
  totalsTable,
  wholeNumber,
} from "./common.js";

export const SERIES_USAGE = `series <spec> <spec>... --pairs <n> [--random-start <n>] [--clock 5+0] [--ceiling] [--json <file>|-] [--game/--options/--seed]
        PAIP's othello-series, one spec per seat (random-othello-series with --random-start 10); --ceiling
        thinks each level:N under the server's move ceiling (docs/strength.md, "Time use for people")`;

const OPTIONS = {
  pairs: { type: "string" },
  "random-start": { type: "string" },
  game: { type: "string" },
  options: { type: "string" },
  seed: { type: "string" },
  clock: { type: "string" },
  json: { type: "string" },
  ceiling: { type: "boolean" },
} as const;

export function seriesCommand(args: string[], io: Output, now: () => number): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const setup = gameSetup(values);
  const seats = setup.game.seatCount(setup.options);
  if (positionals.length !== seats) throw new UsageError(`a ${setup.id} series needs ${seats} player specs`);
  const lineup = players(setup.id, positionals).map((player, seat) => {
    const level = /^level:(\d+)$/.exec(positionals[seat] ?? "")?.[1];
    return values.ceiling === true && level !== undefined ? withMoveCeiling(player, Number(level)) : player;
  });
  const pairs = wholeNumber(values.pairs, "--pairs", 5);
  const randomStart = wholeNumber(values["random-start"], "--random-start", 0, 60);
  const clock = parseClock(values.clock);
  const result = series(setup.game, setup.options, lineup, {
    pairs,
    randomStart,
    seed: setup.seed,
    now,
    ...(clock === undefined ? {} : { clock }),
    onGame: progressBar(io, "series"),
  });
  const lines = [
    `${setup.id} series: ${result.players.join(" vs ")}; ${pairs} pairs (${result.games.length} games), random start ${randomStart}, seed ${setup.seed}`,
    totalsTable(
      result.totals,
      result.totals.map((_, index) => index),
    ),
    `scores (${result.players[0] ?? ""} minus the others, per game): ${result.games
      .map((game) => {
        const own = game.scores[0] ?? 0;
        const others = game.scores.slice(1).reduce((x, y) => x + y, 0) / Math.max(1, game.scores.length - 1);
        return String(Math.round((own - others) * 100) / 100);
      })
      .join(" ")}`,
  ];
  const table = `${lines.join("\n")}\n`;
  const json = {
    game: setup.id,
    options: setup.options,
    seed: setup.seed,
    pairs,
    randomStart,
    clock: clock ?? null,
    ...result,
  };
  if (emitJson(io, values.json, json)) io.stderr(table);
  else io.stdout(table);
  return 0;
}
