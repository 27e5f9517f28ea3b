import type { GameRecord, RecordWriters } from "../../core/records.js";
import { formatFen } from "./fen.js";
import { WHITE } from "./position.js";
import type { KrkState } from "./state.js";

/** PGN's result token: White is seat 0 (docs/krk.md §1); "*" while the game goes on or was aborted. */
function pgnResult(record: GameRecord<KrkState>): string {
  const result = record.result;
  if (result === null || result.reason === "abort") return "*";
  if (result.winners.length !== 1) return "1/2-1/2";
  return result.winners[0] === WHITE ? "1-0" : "0-1";
}

/** A PGN tag pair, its value escaped (backslash and quote). */
function tag(name: string, value: string): string {
  return `[${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}"]`;
}

/** PGN's export format keeps movetext lines under 80 characters. */
function wrap(tokens: readonly string[]): string {
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    if (line !== "" && line.length + 1 + token.length > 79) {
      lines.push(line);
      line = token;
    } else line = line === "" ? token : `${line} ${token}`;
  }
  lines.push(line);
  return lines.join("\n");
}

/**
 * A king and rook vs king match in PGN: the seven tags, SetUp and the start's FEN (the game starts from a
 * chosen or drawn position), then the logged SAN moves numbered from the start's move number.
 */
export const krkRecords: RecordWriters<KrkState> = {
  pgn: (record) => {
    const start = record.start;
    const result = pgnResult(record);
    const tags = [
      tag("Event", record.rated ? "Arena rated game" : "Arena casual game"),
      tag("Site", "Arena"),
      tag("Date", record.day.replace(/-/g, ".")),
      tag("Round", "-"),
      tag("White", record.players[0] ?? "?"),
      tag("Black", record.players[1] ?? "?"),
      tag("Result", result),
      ...(start === null
        ? []
        : [tag("SetUp", "1"), tag("FEN", formatFen(start.position, start.halfmoveClock, start.fullmove))]),
    ];
    const tokens: string[] = [];
    let fullmove = start?.fullmove ?? 1;
    let white = start === null || start.position.side === WHITE;
    record.moves.forEach((move, i) => {
      if (white) tokens.push(`${fullmove}.`);
      else if (i === 0) tokens.push(`${fullmove}...`);
      tokens.push(move);
      if (!white) fullmove++;
      white = !white;
    });
    return `${tags.join("\n")}\n\n${wrap([...tokens, result])}`;
  },
};
