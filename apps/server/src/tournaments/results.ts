import { isBerserk, type MatchModel } from "@arena/match";
import { isGameId } from "@arena/engine/registry";
import {
  type EntrantId,
  type GameEnding,
  type GameResult,
  rulesFor,
  type Seat,
  type TournamentState,
} from "@arena/tournament";

/** What a tournament's ended match tells its director. */
export type BoardOutcome =
  | { readonly kind: "result"; readonly result: GameResult }
  /** Aborted before a seat moved: that seat never showed up, and loses. */
  | { readonly kind: "no-show"; readonly seat: Seat; readonly result: GameResult }
  /** Cancelled, or not over: nothing to record. */
  | { readonly kind: "none" };

/**
 * A two-seat match's end as a tournament result: the winner or a draw, how it ended, plies, and the discs
 * of a game the board decided whose tie-breaks count discs (Othello: WOF counting, the match's scores), and
 * which seats berserked (an arena's bonus). An abort happens only before a seat's first move, so the seat on
 * move when it was aborted is the one that did not show.
 */
export function boardOutcome(model: MatchModel): BoardOutcome {
  const { result } = model;
  if (result === null || model.slots.length !== 2) return { kind: "none" };
  const plies = model.moves.length;
  if (result.reason === "abort") {
    const seat = (model.clock?.running ?? plies % 2) === 0 ? 0 : 1;
    const winner: Seat = seat === 0 ? 1 : 0;
    return { kind: "no-show", seat, result: { ending: "abandon", winner, plies } };
  }
  const ending: GameEnding = result.reason;
  const winner: Seat | null = result.winners.length === 1 ? (result.winners[0] === 0 ? 0 : 1) : null;
  const [a, b] = result.scores;
  const discs: readonly [number, number] | undefined =
    countsDiscs(model.gameId) && ending === "normal" && a !== undefined && b !== undefined
      ? [a, b]
      : undefined;
  const berserk: readonly [boolean, boolean] = [isBerserk(model.clock, 0), isBerserk(model.clock, 1)];
  const base = berserk.includes(true) ? { ending, winner, plies, berserk } : { ending, winner, plies };
  return { kind: "result", result: discs === undefined ? base : { ...base, discs } };
}

/**
 * Games an entrant lost by not showing (an abandon before the second ply): two withdraw them. Counted by
 * board, so a pair's first game counts as soon as it ends, not once the pair's second one does.
 */
export function noShows(state: TournamentState, entrant: EntrantId): number {
  return state.rounds
    .flatMap((round) => round.boards)
    .filter(({ pairing, result }) => {
      if (pairing.kind !== "game" || result === null) return false;
      const seat = pairing.seats.indexOf(entrant);
      return seat >= 0 && result.ending === "abandon" && result.plies < 2 && result.winner !== seat;
    }).length;
}

/** Whether a game's scores are discs that its tie-breaks count (BQ, discs): Othello's are. */
function countsDiscs(gameId: string): boolean {
  return isGameId(gameId) && rulesFor(gameId).tieBreaks.some((t) => t === "bq" || t === "discs");
}
