import type { MatchModel } from "@arena/match";
import type { MatchResult, SeatView } from "@arena/protocol";
import type { AnyWebGame } from "../games/web-game";
import { type PlayerLabel, type RichText, labelOf, labelText } from "../lib/names";

/** Who sits in a seat, as the room names them: a player's label (name and tag), or words for the rest. */
export function occupant(
  seat: SeatView | undefined,
  tags: ReadonlyMap<string, string>,
): PlayerLabel | string {
  if (seat === undefined) return "?";
  switch (seat.kind) {
    case "open":
      return "Open seat";
    case "invite":
      return seat.invitee === undefined ? "Invite only" : `Invited: ${seat.invitee.name}`;
    case "ai":
      return `Computer (level ${seat.level})`;
    case "human":
      return labelOf(seat.user, tags);
  }
}

/** The occupant as plain text (text exports). */
export function occupantText(seat: SeatView | undefined, tags: ReadonlyMap<string, string>): string {
  const who = occupant(seat, tags);
  return typeof who === "string" ? who : labelText(who);
}

const REASONS: Record<MatchResult["reason"], string> = {
  normal: "by score",
  resign: "by resignation",
  timeout: "on time",
  abandon: "by abandonment",
  abort: "aborted",
  "draw-agreed": "by agreement",
};

/** The result banner's headline and reason line, in the game's words (its registry entry). */
export interface ResultText {
  readonly headline: RichText;
  readonly detail: RichText;
}

/**
 * The result banner's text, with the players' names kept apart for isolated rendering; a cancelled room
 * says why.
 */
export function resultText(
  model: MatchModel,
  seats: readonly SeatView[],
  web: AnyWebGame,
  tags: ReadonlyMap<string, string> = new Map(),
): ResultText | null {
  if (model.status === "cancelled") {
    return {
      headline: ["Room cancelled"],
      detail: [
        model.cancelReason === "expired"
          ? "Its host was away too long, so it expired."
          : "Its host cancelled it before the game began.",
      ],
    };
  }
  const result = model.result;
  if (result === null) return null;
  if (result.reason === "abort")
    return { headline: ["Game aborted"], detail: ["No result: the game ended before it began."] };
  const names = (list: readonly number[]): RichText =>
    list.flatMap((s, i) => [...(i > 0 ? [" and "] : []), occupant(seats[s], tags), ` (${web.seatName(s)})`]);
  const scores = result.scores.length > 0 && web.result.showScores ? ` · ${result.scores.join("–")}` : "";
  // A game that ended by the rules in one of several ways says which, from its final position.
  const endedBy =
    result.reason === "normal" && model.state !== null ? web.result.endedBy?.(model.state) : undefined;
  if (result.winners.length === 0 || result.winners.length === seats.length) {
    return { headline: ["Draw"], detail: [`${endedBy ?? REASONS[result.reason]}${scores}`] };
  }
  const losers = seats.map((s) => s.seat).filter((s) => !result.winners.includes(s));
  const details: Record<MatchResult["reason"], RichText> = {
    abort: [REASONS.abort],
    "draw-agreed": [REASONS["draw-agreed"]],
    normal: [endedBy ?? web.result.byRules],
    resign: [...names(losers), " resigned"],
    timeout: [...names(losers), " ran out of time"],
    abandon: [...names(losers), " left the game"],
  };
  return {
    headline: [...names(result.winners), result.winners.length > 1 ? " win" : " wins"],
    detail: [...details[result.reason], ...(scores === "" ? [] : [scores])],
  };
}
