import { parseArgs } from "node:util";
import { type RoundRobinResult, roundRobin } from "@arena/lab/tournament/index";
import type { Output } from "../io.js";
import {
  UsageError,
  emitJson,
  formatNumber,
  gameSetup,
  parseClock,
  players,
  progressBar,
  totalsTable,
  wholeNumber,
} from "./common.js";

export const ROUND_ROBIN_USAGE = `round-robin <spec> <spec>... --pairs <n> [--random-start <n>, default 10] [--clock 5+0] [--json <file>|-]
        PAIP's round-robin: table, ranking and Elo (also --game/--options/--seed)`;

/**
 * PAIP's table: name, total, then what the row player scored against each
 * column player (in games of more seats, against each other player at the table).
 */
export function paipTable(result: RoundRobinResult): string {
  const width = Math.max(8, ...result.players.map((name) => name.length)) + 2;
  const cell = 7;
  const header = `${"".padEnd(width)}${"total".padStart(cell)}:${result.players.map((_, j) => String(j + 1).padStart(cell)).join("")}`;
  const rows = result.players.map((name, i) => {
    // The row's sum, as in PAIP; for games of two seats it equals the player's points.
    const total = (result.points[i] ?? []).reduce((sum, value) => sum + value, 0);
    const cells = result.players.map((_, j) =>
      (i === j ? "---" : formatNumber(result.points[i]?.[j] ?? 0)).padStart(cell),
    );
    return `${`${i + 1}. ${name}`.padEnd(width)}${formatNumber(total).padStart(cell)}:${cells.join("")}`;
  });
  return [header, ...rows].join("\n");
}

export function eloTable(result: RoundRobinResult): string {
  const width = Math.max(8, ...result.players.map((name) => name.length)) + 2;
  const header = `${"rank".padEnd(6)}${"player".padEnd(width)}${"points".padStart(8)}${"elo".padStart(8)}${"95% interval".padStart(16)}`;
  const rows = result.rank.map((index, place) => {
    const elo = result.elo[index];
    const name = result.players[index] ?? "";
    const points = formatNumber(result.totals[index]?.points ?? 0);
    const rating = elo === undefined ? "" : Math.round(elo.rating).toString();
    const interval =
      elo === undefined || index === 0
        ? "(anchor)"
        : Number.isFinite(elo.high - elo.low)
          ? `${Math.round(elo.low)}..${Math.round(elo.high)}`
          : "?";
    return `${String(place + 1).padEnd(6)}${name.padEnd(width)}${points.padStart(8)}${rating.padStart(8)}${interval.padStart(16)}`;
  });
  return [header, ...rows].join("\n");
}

export function roundRobinCommand(args: string[], io: Output, now: () => number): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      pairs: { type: "string" },
      "random-start": { type: "string" },
      game: { type: "string" },
      options: { type: "string" },
      seed: { type: "string" },
      clock: { type: "string" },
      json: { type: "string" },
    },
  });
  const setup = gameSetup(values);
  const seats = setup.game.seatCount(setup.options);
  if (positionals.length < Math.max(2, seats)) {
    throw new UsageError(`a ${setup.id} round-robin needs at least ${Math.max(2, seats)} player specs`);
  }
  const lineup = players(setup.id, positionals);
  const pairs = wholeNumber(values.pairs, "--pairs", 5);
  const randomStart = wholeNumber(values["random-start"], "--random-start", 10, 60);
  const clock = parseClock(values.clock);
  const started = now();
  const result = roundRobin(setup.game, setup.options, lineup, {
    pairs,
    randomStart,
    seed: setup.seed,
    now,
    ...(clock === undefined ? {} : { clock }),
    onGame: progressBar(io, "round-robin"),
  });
  const seconds = (now() - started) / 1000;
  const text = [
    `${setup.id} round-robin: ${result.players.length} players, ${pairs} pairs, random start ${randomStart}, seed ${setup.seed}, ${result.gameCount} games in ${seconds.toFixed(1)} s`,
    "",
    paipTable(result),
    "",
    eloTable(result),
    "",
    totalsTable(result.totals, result.rank),
    "",
  ].join("\n");
  const { summaries, ...rest } = result;
  const json = {
    game: setup.id,
    options: setup.options,
    seed: setup.seed,
    pairs,
    randomStart,
    clock: clock ?? null,
    ...rest,
    records: summaries.map((summary) => summary.record),
  };
  if (emitJson(io, values.json, json)) io.stderr(text);
  else io.stdout(text);
  return 0;
}
