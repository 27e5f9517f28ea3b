import type { MatchResult, SeatView, Snapshot } from "@arena/protocol";
import { Othello, seatLabel } from "../games/engines";

export function seatName(seat: SeatView | undefined): string {
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

/** The seats this user holds in the match (usually one; none for a spectator). */
export function mySeats(snapshot: Snapshot, userId: string | undefined): number[] {
  if (userId === undefined) return [];
  return snapshot.seats.flatMap((s) => (s.kind === "human" && s.user.id === userId ? [s.seat] : []));
}

const REASONS: Record<MatchResult["reason"], string> = {
  normal: "by score",
  resign: "by resignation",
  timeout: "on time",
  abandon: "by abandonment",
  abort: "aborted",
  "draw-agreed": "by agreement",
};

/** The result banner's headline and reason line. */
export function resultText(snapshot: Snapshot): { headline: string; detail: string } | null {
  const result = snapshot.result;
  if (result === null) return null;
  if (result.reason === "abort")
    return { headline: "Game aborted", detail: "No result: the game ended before it began." };
  const names = (seats: readonly number[]) =>
    seats.map((s) => `${seatName(snapshot.seats[s])} (${seatLabel(snapshot.gameId, s)})`).join(" and ");
  const scores =
    result.scores.length > 0 && snapshot.gameId !== "connect-k" ? ` · ${result.scores.join("–")}` : "";
  if (result.winners.length === 0 || result.winners.length === snapshot.seats.length) {
    return { headline: "Draw", detail: `${REASONS[result.reason]}${scores}` };
  }
  const losers = snapshot.seats.map((s) => s.seat).filter((s) => !result.winners.includes(s));
  let detail: string = REASONS[result.reason];
  if (result.reason === "normal" && snapshot.gameId === "connect-k") detail = "with a line";
  if (result.reason === "normal" && snapshot.gameId === "dice-of-doom") detail = "by conquest";
  if (result.reason === "resign") detail = `${names(losers)} resigned`;
  if (result.reason === "timeout") detail = `${names(losers)} ran out of time`;
  if (result.reason === "abandon") detail = `${names(losers)} left the game`;
  return {
    headline: `${names(result.winners)} ${result.winners.length > 1 ? "win" : "wins"}`,
    detail: detail + scores,
  };
}

/** The Othello squares of a move list in notation ("f5", "PA"); -1 for anything unreadable. */
export function othelloSquares(moves: readonly { move: string }[]): number[] {
  return moves.map((m) => Othello.parseSquare(m.move));
}

/** GGF and transcript exports of an Othello game, through the engine's writers. */
export function othelloExports(snapshot: Snapshot, initial: unknown): { transcript: string; ggf: string } {
  const squares = othelloSquares(snapshot.moves).filter((s) => s >= 0);
  const start = (initial as Othello.OthelloState | null) ?? Othello.othello.initial({}, 0);
  const result = snapshot.result;
  const flag = result?.reason === "resign" ? "r" : result?.reason === "timeout" ? "t" : undefined;
  const score =
    result !== null && result.scores.length === 2 ? (result.scores[0] ?? 0) - (result.scores[1] ?? 0) : null;
  const ggf = Othello.formatGgf({
    start,
    moves: squares,
    black: seatName(snapshot.seats[0]),
    white: seatName(snapshot.seats[1]),
    place: "Arena",
    time: { baseMs: snapshot.timeControl.baseMs, incrementMs: snapshot.timeControl.incrementMs },
    ...(score === null ? {} : { result: flag === undefined ? { score } : { score, flag } }),
  });
  return { transcript: Othello.formatTranscript(squares), ggf };
}
