import { writeFileSync } from "node:fs";
import { type AnyGame, DEFAULT_GAME_ID, type GameId, GAME_IDS, getGame, isGameId } from "@arena/engine";
import { type AnyPlayer, PLAYER_SPECS, parsePlayerSpec } from "@arena/lab/players/index";
import type { ClockSetting, PlayerTotals } from "@arena/lab/tournament/index";
import type { Output } from "../io.js";

/** Thrown for bad command-line input; the dispatcher prints the message and exits with 2. */
export class UsageError extends Error {}

export interface GameSetup {
  readonly id: GameId;
  readonly game: AnyGame;
  readonly options: unknown;
  readonly seed: number;
}

export function gameSetup(values: { game?: string; options?: string; seed?: string }): GameSetup {
  const id = values.game ?? DEFAULT_GAME_ID;
  if (!isGameId(id)) throw new UsageError(`unknown game '${id}' (one of ${GAME_IDS.join(", ")})`);
  let input: unknown = {};
  if (values.options !== undefined) {
    try {
      input = JSON.parse(values.options);
    } catch {
      throw new UsageError("--options must be JSON");
    }
  }
  const game = getGame(id);
  const options = game.parseOptions(input);
  if (!options.ok) throw new UsageError(options.error.message);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed)) throw new UsageError("--seed must be an integer");
  return { id, game, options: options.value, seed };
}

export function players(id: GameId, specs: readonly string[]): AnyPlayer[] {
  return specs.map((spec) => {
    const player = parsePlayerSpec(id, spec);
    if (!player.ok)
      throw new UsageError(`${player.error.message}\n${id} players: ${PLAYER_SPECS[id].join(", ")}`);
    return player.value;
  });
}

/** "5+0": 5 minutes a side plus 0 seconds a move (the usual notation); "0.5+1" is allowed. */
export function parseClock(text: string | undefined): ClockSetting | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(text.trim());
  if (match === null) throw new UsageError("--clock is minutes+increment-seconds, e.g. 5+0");
  return { baseMs: Number(match[1]) * 60_000, incrementMs: Number(match[2] ?? "0") * 1000 };
}

export function wholeNumber(
  text: string | undefined,
  flag: string,
  fallback: number,
  max = 1_000_000,
): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new UsageError(`${flag} must be a whole number`);
  return value;
}

/** PAIP's `time-string`: minutes and seconds, "4:59". */
export function timeString(ms: number): string {
  if (!Number.isFinite(ms)) return "-:--";
  const sign = ms < 0 ? "-" : "";
  const total = Math.round(Math.abs(ms) / 1000);
  return `${sign}${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** A one-line progress bar on stderr, redrawn in place; ends with a newline at 100%. */
export function progressBar(io: Output, label: string): (done: number, total: number) => void {
  const width = 30;
  return (done, total) => {
    const filled = total === 0 ? width : Math.round((done / total) * width);
    io.stderr(`\r${label} [${"#".repeat(filled)}${" ".repeat(width - filled)}] ${done}/${total}`);
    if (done >= total) io.stderr("\n");
  };
}

/** Writes the result to a file, or to stdout for "-"; returns whether stdout was used. */
export function emitJson(io: Output, path: string | undefined, value: unknown): boolean {
  if (path === undefined) return false;
  const text = `${JSON.stringify(value, (_key, v: unknown) => (v === Infinity ? null : v), 2)}\n`;
  if (path === "-") {
    io.stdout(text);
    return true;
  }
  writeFileSync(path, text);
  io.stderr(`wrote ${path}\n`);
  return false;
}

export function formatNumber(value: number, digits = 1): string {
  return Number.isInteger(value) && digits === 0 ? String(value) : value.toFixed(digits);
}

/** The totals table shared by series and round-robin. */
export function totalsTable(totals: readonly PlayerTotals[], order: readonly number[]): string {
  const width = Math.max(8, ...totals.map((t) => t.name.length)) + 2;
  const header = `${"player".padEnd(width)}${["games", "wins", "draws", "losses", "points", "score-diff", "forfeits"].map((h) => h.padStart(11)).join("")}`;
  const rows = order.map((index) => {
    const t = totals[index];
    if (t === undefined) return "";
    const cells = [
      t.games,
      t.wins,
      t.draws,
      t.losses,
      formatNumber(t.points),
      formatNumber(t.scoreDiff, 0),
      t.forfeits,
    ];
    return `${t.name.padEnd(width)}${cells.map((c) => String(c).padStart(11)).join("")}`;
  });
  return [header, ...rows].join("\n");
}
