import { type TournamentState } from "./fold.js";
import { recordOutcome } from "./records.js";
import { type Outcome } from "./scoring.js";
import { type EntrantId, type Seat } from "./types.js";

/** One entrant's board in one round, from their side. */
export interface CrossCell {
  /** Null for a bye. */
  readonly opponent: EntrantId | null;
  /** The entrant's seat; null for a bye or a forfeit (nobody sat), or a decided pair (both seats). */
  readonly seat: Seat | null;
  /** Null while the game is on. */
  readonly outcome: Outcome | null;
  readonly kind: "game" | "bye" | "forfeit";
}

export interface CrossRow {
  readonly entrant: EntrantId;
  readonly rank: number;
  readonly points: number;
  /** Per round from round 1: their board, or null when they sat out. */
  readonly rounds: readonly (CrossCell | null)[];
}

/**
 * The crosstable, in standings order, one cell per round: a swiss's table as it is, a round-robin's
 * grid by looking up the opponent's cells.
 */
export function crosstable(state: TournamentState): CrossRow[] {
  return state.standings.map((standing) => {
    const records = state.records.get(standing.entrant) ?? [];
    const rounds = state.rounds.map((round, i): CrossCell | null => {
      const decided = records.find((r) => r.round === i + 1);
      if (decided !== undefined) {
        if (decided.kind === "bye") return { opponent: null, seat: null, outcome: "win", kind: "bye" };
        return {
          opponent: decided.opponent,
          seat: decided.kind === "game" ? decided.seat : null,
          outcome: recordOutcome(decided),
          kind: decided.kind === "pair" ? "game" : decided.kind,
        };
      }
      for (const board of round.boards) {
        if (board.pairing.kind !== "game") continue;
        const seat = board.pairing.seats.indexOf(standing.entrant);
        if (seat === 0 || seat === 1) {
          return { opponent: board.pairing.seats[seat === 0 ? 1 : 0], seat, outcome: null, kind: "game" };
        }
      }
      return null;
    });
    return { entrant: standing.entrant, rank: standing.rank, points: standing.points, rounds };
  });
}
