import type { MatchModel } from "@arena/match";
import type { MatchResult, SeatView } from "@arena/protocol";
import type { AnyWebGame } from "../games/web-game";

/** Who sits in a seat, as the room names them. */
export function occupantName(seat: SeatView | undefined): string {
  if (seat === undefined) return "?";
  switch (seat.kind) {
    case "open":
      return "Open seat";
    case "invite":
      return "Invite only";
    case "ai":
      return `Computer (level ${seat.level})`;
    case "human":
      return seat.user.name;
  }
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
export function resultText(
  model: MatchModel,
  seats: readonly SeatView[],
  web: AnyWebGame,
): { headline: string; detail: string } | null {
  const result = model.result;
  if (result === null) return null;
  if (result.reason === "abort")
    return { headline: "Game aborted", detail: "No result: the game ended before it began." };
  const names = (list: readonly number[]) =>
    list.map((s) => `${occupantName(seats[s])} (${web.seatName(s)})`).join(" and ");
  const scores = result.scores.length > 0 && web.result.showScores ? ` · ${result.scores.join("–")}` : "";
  // A game that ended by the rules in one of several ways says which, from its final position.
  const endedBy =
    result.reason === "normal" && model.state !== null ? web.result.endedBy?.(model.state) : undefined;
  if (result.winners.length === 0 || result.winners.length === seats.length) {
    return { headline: "Draw", detail: `${endedBy ?? REASONS[result.reason]}${scores}` };
  }
  const losers = seats.map((s) => s.seat).filter((s) => !result.winners.includes(s));
  const details: Record<MatchResult["reason"], string> = {
    ...REASONS,
    normal: endedBy ?? web.result.byRules,
    resign: `${names(losers)} resigned`,
    timeout: `${names(losers)} ran out of time`,
    abandon: `${names(losers)} left the game`,
  };
  return {
    headline: `${names(result.winners)} ${result.winners.length > 1 ? "win" : "wins"}`,
    detail: details[result.reason] + scores,
  };
}
