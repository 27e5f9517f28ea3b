import { type TieBreak } from "./game-rules.js";
import { type EntrantRecord, recordOutcome } from "./records.js";
import { GAME_POINTS, othelloDiscs } from "./scoring.js";
import { type EntrantId } from "./types.js";

/** What a tie-break reads about the field: points by entrant, and who has withdrawn. */
export interface Field {
  readonly points: ReadonlyMap<EntrantId, number>;
  readonly withdrawn: ReadonlySet<EntrantId>;
  /** Games a board stands for: 2 with pairs from one opening (a bye or a forfeit then counts 2 × 32 discs). */
  readonly gamesPerBoard: number;
}

/**
 * The opponent a record counts against: a real one, or — for a bye and a game against a withdrawn
 * player — a virtual opponent with the entrant's own score (the WOF's BQ rule; FIDE's virtual opponent).
 */
function opponentOf(record: EntrantRecord, field: Field): EntrantId | null {
  if (record.kind === "bye" || field.withdrawn.has(record.opponent)) return null;
  return record.opponent;
}

/** An entrant's own discs from one record: a pair's two games summed, a bye or a forfeit 32 per game. */
function recordDiscs(record: EntrantRecord, gamesPerBoard: number): number {
  if (record.kind === "game") return othelloDiscs(record.result, record.seat);
  if (record.kind === "pair") return record.games.reduce((sum, g) => sum + othelloDiscs(g.result, g.seat), 0);
  return 32 * gamesPerBoard;
}

/** An Othello entrant's discs over all their games; a bye or a forfeit counts 32 (per game it stands for). */
export function discs(records: readonly EntrantRecord[], gamesPerBoard = 1): number {
  return records.reduce((sum, r) => sum + recordDiscs(r, gamesPerBoard), 0);
}

/**
 * The Brightwell quotient: per game, own discs + 6 × the opponent's points; a bye or a game against a
 * withdrawn player counts 32 + 6 × the entrant's own score. A pair counts both games' discs and its
 * opponent's points once, as it is one board of the round.
 */
export function brightwell(own: number, records: readonly EntrantRecord[], field: Field): number {
  return records.reduce((sum, r) => {
    const opponent = opponentOf(r, field);
    if (opponent === null || (r.kind !== "game" && r.kind !== "pair"))
      return sum + 32 * field.gamesPerBoard + 6 * own;
    return sum + recordDiscs(r, field.gamesPerBoard) + 6 * (field.points.get(opponent) ?? 0);
  }, 0);
}

/** Buchholz: the sum of the opponents' points (a virtual opponent scores the entrant's own). */
export function buchholz(own: number, records: readonly EntrantRecord[], field: Field): number {
  return records.reduce((sum, r) => {
    const opponent = opponentOf(r, field);
    return sum + (opponent === null ? own : (field.points.get(opponent) ?? 0));
  }, 0);
}

/** Sonneborn–Berger: each opponent's points times the points scored against them (1, ½, 0). */
export function sonnebornBerger(own: number, records: readonly EntrantRecord[], field: Field): number {
  return records.reduce((sum, r) => {
    const opponent = opponentOf(r, field);
    const opponentPoints = opponent === null ? own : (field.points.get(opponent) ?? 0);
    return sum + GAME_POINTS[recordOutcome(r)] * opponentPoints;
  }, 0);
}

export function tieBreak(
  kind: TieBreak,
  own: number,
  records: readonly EntrantRecord[],
  field: Field,
): number {
  switch (kind) {
    case "bq":
      return brightwell(own, records, field);
    case "discs":
      return discs(records, field.gamesPerBoard);
    case "buchholz":
      return buchholz(own, records, field);
    case "sonneborn-berger":
      return sonnebornBerger(own, records, field);
  }
}
