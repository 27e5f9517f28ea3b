import { type TournamentView } from "@arena/protocol";
import { type FinishedGame, wofDay } from "./games.js";

/**
 * The tournament as a results file for the WOF rating list (docs/tournaments.md, "Exports"): the four
 * header lines, each player's number and name as a comment, then per round one line per game,
 * `<black no> (<black discs>)<|=|>(<white discs>) <white no> B`. Arena players have no WOF ids, so the
 * number is the place in the final standings; the sender swaps in the federation's ids.
 */
export function wofResults(view: TournamentView, games: readonly FinishedGame[]): string {
  const numberOf = new Map(view.standings.map((s, i) => [s.entrant, i + 1]));
  const lines = [
    `%%Tournament: ${view.name}`,
    "%%Country: Internet",
    `%%Date: ${wofDay(view.startedAt ?? view.createdAt)}`,
    `%%Sender: ${view.createdBy.name}`,
    "%Players",
    ...view.standings.map((s, i) => `%${i + 1} ${s.name}`),
  ];
  let round = 0;
  for (const game of games) {
    const scores = game.model.result?.scores ?? [];
    const [black, white] = scores;
    if (black === undefined || white === undefined) continue;
    if (game.round !== round) {
      round = game.round;
      lines.push(`%Round ${round}`);
    }
    const sign = black > white ? ">" : black < white ? "<" : "=";
    const [first, second] = game.entrants.map((id) => numberOf.get(id) ?? 0);
    lines.push(`${first} (${black})${sign}(${white}) ${second} B`);
  }
  return lines.map((line) => `${line}\n`).join("");
}
