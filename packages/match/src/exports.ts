import * as Krk from "@arena/engine/games/krk/index";
import * as Othello from "@arena/engine/games/othello/index";
import { type GameId } from "@arena/engine/registry";
import { type ExportFormat, type ResultReason } from "@arena/protocol";
import { type MatchModel } from "./model.js";

/** The text formats, by game: every game also downloads as its JSON event log (docs/protocol.md, "Downloads"). */
const TEXT_FORMATS: { readonly [G in GameId]: readonly Exclude<ExportFormat, "json">[] } = {
  othello: ["ggf", "txt"],
  krk: ["pgn"],
  "connect-k": [],
  "dice-of-doom": [],
};

/** Every format a match of this game downloads as, JSON first. */
export function exportFormatsOf(gameId: GameId): readonly ExportFormat[] {
  return ["json", ...TEXT_FORMATS[gameId]];
}

/** A file a match downloads as: its text, MIME type and file extension. */
export interface RecordFile {
  readonly text: string;
  readonly mime: string;
  readonly extension: string;
}

/**
 * How a download names the seats when the caller has no words of its own (the server): a player by
 * name, a computer seat by its level.
 */
export function recordNames(model: MatchModel): string[] {
  return model.slots.map((slot) =>
    slot.kind === "human" ? slot.user.name : slot.kind === "ai" ? `Arena AI level ${slot.level}` : "?",
  );
}

/**
 * The GGF result flag of each way a game ends (docs/othello.md §3): a player who left forfeits as one who
 * resigned, an agreed draw is a mutually agreed score, a game played out or aborted has none.
 */
const GGF_FLAGS: Readonly<Record<ResultReason, "r" | "t" | "s" | undefined>> = {
  normal: undefined,
  resign: "r",
  abandon: "r",
  timeout: "t",
  "draw-agreed": "s",
  abort: undefined,
};

/** The squares of a move list ("f5", "PA" as the pass square); anything unreadable is left out. */
function othelloSquares(model: MatchModel): number[] {
  return model.moves
    .toArray()
    .map((m) => Othello.parseSquare(m.move))
    .filter((square) => square >= 0);
}

/**
 * The UTC day a match was created, as a record writes it ("2026-11-27"; PGN: "2026.11.27"), from its
 * server time alone (Howard Hinnant's days-to-civil: no `Date`, so a record is a pure function of the log).
 */
export function dayOf(ms: number): string {
  const z = Math.floor(ms / 86_400_000) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}`;
}

/** An Othello match in GGF (docs/othello.md §3), through the engine's writer; `players` names seats 0 and 1. */
export function othelloGgf(model: MatchModel, players: readonly string[]): string {
  const start = (model.start as Othello.OthelloState | null) ?? Othello.othello.initial({}, 0);
  const result = model.result;
  const flag = result === null ? undefined : GGF_FLAGS[result.reason];
  const score =
    result !== null && result.scores.length === 2 ? (result.scores[0] ?? 0) - (result.scores[1] ?? 0) : null;
  return Othello.formatGgf({
    start,
    moves: othelloSquares(model),
    black: players[0] ?? "?",
    white: players[1] ?? "?",
    place: "Arena",
    date: dayOf(model.createdAt),
    time: { baseMs: model.timeControl.baseMs, incrementMs: model.timeControl.incrementMs },
    ...(score === null ? {} : { result: flag === undefined ? { score } : { score, flag } }),
  });
}

/** An Othello match as a transcript ("f5d6c3…", docs/othello.md §2). */
export function othelloTranscript(model: MatchModel): string {
  return Othello.formatTranscript(othelloSquares(model));
}

/** PGN's result token: White is seat 0 (docs/krk.md §1); "*" while the game goes on or was aborted. */
function pgnResult(model: MatchModel): string {
  const result = model.result;
  if (result === null || result.reason === "abort") return "*";
  if (result.winners.length !== 1) return "1/2-1/2";
  return result.winners[0] === Krk.WHITE ? "1-0" : "0-1";
}

/** Escapes a PGN tag value (backslash and quote). */
function tag(name: string, value: string): string {
  return `[${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}"]`;
}

/**
 * A king and rook vs king match in PGN: the seven tags, SetUp and the start's FEN (the game starts from a
 * chosen or drawn position), then the logged SAN moves numbered from the start's move number.
 */
export function krkPgn(model: MatchModel, players: readonly string[]): string {
  const start = model.start as Krk.KrkState | null;
  const result = pgnResult(model);
  const tags = [
    tag("Event", model.rated ? "Arena rated game" : "Arena casual game"),
    tag("Site", "Arena"),
    tag("Date", dayOf(model.createdAt).replace(/-/g, ".")),
    tag("Round", "-"),
    tag("White", players[0] ?? "?"),
    tag("Black", players[1] ?? "?"),
    tag("Result", result),
    ...(start === null
      ? []
      : [tag("SetUp", "1"), tag("FEN", Krk.formatFen(start.position, start.halfmoveClock, start.fullmove))]),
  ];
  const tokens: string[] = [];
  let fullmove = start?.fullmove ?? 1;
  let white = start === null || start.position.side === Krk.WHITE;
  model.moves.toArray().forEach((move, i) => {
    if (white) tokens.push(`${fullmove}.`);
    else if (i === 0) tokens.push(`${fullmove}...`);
    tokens.push(move.move);
    if (!white) fullmove++;
    white = !white;
  });
  tokens.push(result);
  // PGN's export format keeps movetext lines under 80 characters.
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    if (line !== "" && line.length + 1 + token.length > 79) {
      lines.push(line);
      line = token;
    } else line = line === "" ? token : `${line} ${token}`;
  }
  lines.push(line);
  return `${tags.join("\n")}\n\n${lines.join("\n")}\n`;
}

/**
 * A match as a text record, or null when its game has no writer for the format (JSON, the event log, is
 * the caller's: a model does not hold its log).
 */
export function recordFile(
  model: MatchModel,
  format: Exclude<ExportFormat, "json">,
  players: readonly string[],
): RecordFile | null {
  if (!TEXT_FORMATS[model.gameId].includes(format)) return null;
  switch (format) {
    case "ggf":
      return { text: `${othelloGgf(model, players)}\n`, mime: "text/plain; charset=utf-8", extension: "ggf" };
    case "txt":
      return { text: `${othelloTranscript(model)}\n`, mime: "text/plain; charset=utf-8", extension: "txt" };
    case "pgn":
      return {
        text: krkPgn(model, players),
        mime: "application/x-chess-pgn; charset=utf-8",
        extension: "pgn",
      };
  }
}
