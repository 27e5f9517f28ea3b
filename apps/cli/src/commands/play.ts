import { parseArgs } from "node:util";
import { type AnyGame } from "@arena/engine";
import { playMatch } from "@arena/lab/tournament/index";
import type { Output } from "../io.js";
import { UsageError, gameSetup, parseClock, players, timeString, wholeNumber } from "./common.js";

export const PLAY_USAGE = `play --black <spec> --white <spec> [--clock 5+0] [--game <id>] [--options <json>] [--seed <n>] [--random-start <n>]
        one game on the terminal, PAIP style (games other than Othello: one <spec> per seat)`;

function seatName(game: AnyGame, seat: number): string {
  return game.renderSeat?.(seat) ?? `Seat ${seat + 1}`;
}

/**
 * One game on the terminal as PAIP's `othello` prints it: the board and both
 * clocks before each move, "X moves to f5.", and the final result.
 */
export function playCommand(args: string[], io: Output, now: () => number): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      black: { type: "string" },
      white: { type: "string" },
      clock: { type: "string" },
      game: { type: "string" },
      options: { type: "string" },
      seed: { type: "string" },
      "random-start": { type: "string" },
      quiet: { type: "boolean" },
    },
  });
  const setup = gameSetup(values);
  const specs = [
    ...(values.black === undefined ? [] : [values.black]),
    ...(values.white === undefined ? [] : [values.white]),
    ...positionals,
  ];
  const seats = setup.game.seatCount(setup.options);
  if (specs.length !== seats) {
    throw new UsageError(
      `${setup.id} needs ${seats} players (--black/--white or one spec per seat), got ${specs.length}`,
    );
  }
  const lineup = players(setup.id, specs);
  const clock = parseClock(values.clock);
  const randomStart = wholeNumber(values["random-start"], "--random-start", 0, 60);
  const clocksLine = (clocks: readonly number[]): string =>
    clocks.map((ms, seat) => `${seatName(setup.game, seat)} ${timeString(ms)}`).join("  ");

  io.stdout(
    lineup.map((player, seat) => `${seatName(setup.game, seat)}: ${player.name}`).join("\n") + "\n\n",
  );
  io.stdout(`${setup.game.render(setup.game.initial(setup.options, setup.seed))}\n`);
  if (clock !== undefined) io.stdout(`${clocksLine(lineup.map(() => clock.baseMs))}\n`);
  const match = playMatch(setup.game, setup.options, lineup, {
    seed: setup.seed,
    now,
    randomStartPlies: randomStart,
    ...(clock === undefined ? {} : { clock }),
    onMove: ({ state, record, ply, clocks }) => {
      const how =
        record.kind === "forced" ? " (forced)" : record.kind === "opening" ? " (random opening)" : "";
      const took = record.kind === "player" ? ` [${(record.ms / 1000).toFixed(2)} s]` : "";
      io.stdout(`\n${ply}. ${seatName(setup.game, record.seat)} moves to ${record.move}${how}.${took}\n`);
      if (values.quiet !== true) io.stdout(`${setup.game.render(state)}\n`);
      if (clock !== undefined) io.stdout(`${clocksLine(clocks)}\n`);
    },
  });
  const { result } = match.record;
  io.stdout("\nThe game is over. Final result:\n");
  io.stdout(`${setup.game.render(match.state)}\n`);
  for (const seat of result.forfeited) {
    const why =
      result.reason === "timeout" ? "has no time left and forfeits" : "made an illegal move and forfeits";
    io.stdout(`${seatName(setup.game, seat)} ${why}.\n`);
  }
  const scores = result.scores.join("-");
  const verdict =
    result.winners.length === seats
      ? "Draw"
      : `${result.winners.map((seat) => `${seatName(setup.game, seat)} ${lineup[seat]?.name ?? ""}`).join(" and ")} ${result.winners.length > 1 ? "win" : "wins"}`;
  io.stdout(`Result: ${verdict} ${scores} (${result.reason})\n`);
  return 0;
}
