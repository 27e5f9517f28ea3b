import type { RecordFormat } from "@arena/engine/core/records";
import { recordWriters } from "@arena/engine/registry";
import type { ExportFormat } from "@arena/protocol";
import { clockTerms } from "@arena/protocol/values";
import type { MatchModel } from "./model.js";

/** Every format a match of its game downloads as, JSON (the event log, every game) first. */
export function exportFormatsOf(model: Pick<MatchModel, "gameId">): readonly ExportFormat[] {
  const writers = recordWriters(model.gameId);
  return ["json", ...(Object.keys(writers) as RecordFormat[])];
}

/** A file a match downloads as: its text, MIME type and file extension. */
export interface RecordFile {
  readonly text: string;
  readonly mime: string;
  readonly extension: string;
}

const MIME: { readonly [F in RecordFormat]: string } = {
  ggf: "text/plain; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  pgn: "application/x-chess-pgn; charset=utf-8",
};

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
 * The UTC day a match was created, as a record writes it ("2026-11-27"), from its server time alone
 * (Howard Hinnant's days-to-civil: no `Date`, so a record is a pure function of the log).
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

/** A match in one of its game's record formats, or null when its game has no writer for it. */
export function recordText(
  model: MatchModel,
  format: RecordFormat,
  players: readonly string[],
): string | null {
  const write = recordWriters(model.gameId)[format];
  if (write === undefined) return null;
  return write({
    start: model.start,
    moves: model.moves.toArray().map((m) => m.move),
    opening: model.opening,
    players,
    result: model.result,
    timeControl: clockTerms(model.timeControl),
    day: dayOf(model.createdAt),
    rated: model.rated,
  });
}

/** A match as a downloadable file (the JSON log is the caller's: a model does not hold its log). */
export function recordFile(
  model: MatchModel,
  format: RecordFormat,
  players: readonly string[],
): RecordFile | null {
  const text = recordText(model, format, players);
  return text === null ? null : { text: `${text}\n`, mime: MIME[format], extension: format };
}
