import { type PairGame, type PairPlace, pairOutcome } from "./pairs.js";
import { type Outcome, outcomeFor } from "./scoring.js";
import { type EntrantId, type GameResult, type Pairing, type Seat } from "./types.js";

/** A board of a round and how it was decided; `result` null while its game is on. */
export interface Board {
  readonly pairing: Pairing;
  readonly result: GameResult | null;
  /** The entrants who had withdrawn when the round started (round-robin): they lose without playing. */
  readonly forfeited: readonly EntrantId[];
  /** Pairs from one opening: which game of its pair this is (its sibling is the next or previous board). */
  readonly pair?: PairPlace;
}

/** One decided board from an entrant's side. */
export type EntrantRecord =
  | {
      readonly kind: "game";
      readonly round: number;
      readonly opponent: EntrantId;
      readonly seat: Seat;
      readonly outcome: Outcome;
      readonly result: GameResult;
    }
  /** Pairs from one opening: both games, decided by the pair's total (docs/tournaments.md). */
  | {
      readonly kind: "pair";
      readonly round: number;
      readonly opponent: EntrantId;
      readonly outcome: Outcome;
      /** The entrant's two games, game 0 first. */
      readonly games: readonly PairGame[];
    }
  /** Paired against nobody: scores as a win. */
  | { readonly kind: "bye"; readonly round: number }
  /** A round-robin board with a withdrawn side: the one present wins, the withdrawn side loses. */
  | {
      readonly kind: "forfeit";
      readonly round: number;
      readonly opponent: EntrantId;
      readonly outcome: Outcome;
    };

export const recordOutcome = (record: EntrantRecord): Outcome =>
  record.kind === "bye" ? "win" : record.outcome;

/** The board's records for each of its entrants, once decided. */
export function boardRecords(board: Board, round: number): [EntrantId, EntrantRecord][] {
  const { pairing } = board;
  if (pairing.kind === "bye") return [[pairing.entrant, { kind: "bye", round }]];
  const [first, second] = pairing.seats;
  if (board.forfeited.length > 0) {
    const side = (me: EntrantId, opponent: EntrantId): [EntrantId, EntrantRecord] => [
      me,
      { kind: "forfeit", round, opponent, outcome: board.forfeited.includes(me) ? "loss" : "win" },
    ];
    return [side(first, second), side(second, first)];
  }
  if (board.result === null) return [];
  const result = board.result;
  const side = (me: EntrantId, opponent: EntrantId, seat: Seat): [EntrantId, EntrantRecord] => [
    me,
    { kind: "game", round, opponent, seat, outcome: outcomeFor(result, seat), result },
  ];
  return [side(first, second, 0), side(second, first, 1)];
}

/** A pair's records for each of its entrants, once both its games are decided. */
export function pairRecords(
  first: Board,
  second: Board,
  round: number,
  byDiscs: boolean,
): [EntrantId, EntrantRecord][] {
  if (first.pairing.kind !== "game" || first.result === null || second.result === null) return [];
  const [a, b] = first.pairing.seats;
  const gamesOf = (own: Seat): PairGame[] => [
    { seat: own, result: first.result as GameResult },
    { seat: own === 0 ? 1 : 0, result: second.result as GameResult },
  ];
  const side = (me: EntrantId, opponent: EntrantId, seat: Seat): [EntrantId, EntrantRecord] => {
    const games = gamesOf(seat);
    return [me, { kind: "pair", round, opponent, outcome: pairOutcome(games, byDiscs), games }];
  };
  return [side(a, b, 0), side(b, a, 1)];
}
