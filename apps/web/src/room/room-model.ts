import type { MatchModel } from "@arena/match";
import type { MatchResult, SeatView } from "@arena/protocol";
import type { AnyWebGame } from "../games/web-game";
import { type Words, richList, richMessage } from "../i18n/words";
import { type PlayerLabel, type RichText, labelOf, labelText } from "../lib/names";

/**
 * Who sits in a seat, as the room names them: a player's label (name and tag), or words for the rest.
 *
 * @param seatWords a translator over the `seats` namespace
 */
export function occupant(
  seat: SeatView | undefined,
  tags: ReadonlyMap<string, string>,
  seatWords: Words,
): PlayerLabel | string {
  if (seat === undefined) return "?";
  switch (seat.kind) {
    case "open":
      return seatWords("open");
    case "invite":
      return seat.invitee === undefined
        ? seatWords("invite")
        : seatWords("invited", { name: seat.invitee.name });
    case "ai":
      return seatWords("computer", { level: seat.level });
    case "human":
      return labelOf(seat.user, tags);
  }
}

/** The occupant as plain text (text exports). */
export function occupantText(
  seat: SeatView | undefined,
  tags: ReadonlyMap<string, string>,
  seatWords: Words,
): string {
  const who = occupant(seat, tags, seatWords);
  return typeof who === "string" ? who : labelText(who);
}

/** The result banner's headline and reason line, in the game's words (its registry entry). */
export interface ResultText {
  readonly headline: RichText;
  readonly detail: RichText;
}

/** The translators the result banner is worded with, and the language its lists of names follow. */
export interface ResultWords {
  /** Over the `result` namespace. */
  readonly result: Words;
  /** Over the `seats` namespace (how an empty or computer seat reads). */
  readonly seats: Words;
  /** Over the game's own messages (`games.<id>`: seat names, how a win by the rules reads). */
  readonly game: Words;
  readonly locale: string;
}

/**
 * The result banner's text, with the players' names kept apart for isolated rendering; a cancelled room
 * says why.
 */
export function resultText(
  model: MatchModel,
  seats: readonly SeatView[],
  web: AnyWebGame,
  words: ResultWords,
  tags: ReadonlyMap<string, string> = new Map(),
): ResultText | null {
  const say = words.result;
  if (model.status === "cancelled") {
    return {
      headline: [say("cancelled")],
      detail: [model.cancelReason === "expired" ? say("expired") : say("hostCancelled")],
    };
  }
  const result = model.result;
  if (result === null) return null;
  if (result.reason === "abort") return { headline: [say("aborted")], detail: [say("abortedDetail")] };
  // "Ann (Black)", "Ann (Black) and Bob (White)": each player with their seat, listed as the language lists.
  const names = (list: readonly number[]): RichText =>
    richList(
      words.locale,
      list.map((s) =>
        richMessage(
          say,
          "player",
          { name: [occupant(seats[s], tags, words.seats)] },
          { seat: web.seatName(s, words.game) },
        ),
      ),
    );
  const sentence = (key: string, list: readonly number[]): RichText =>
    richMessage(say, key, { players: names(list) }, { count: list.length });
  const draw = result.winners.length === 0 || result.winners.length === seats.length;
  const decided = deciderOf(result, model.state, web, draw);
  if (decided.kind === "rules") {
    const scores = decided.scores === null ? "" : ` · ${decided.scores.join("–")}`;
    const how = `${decided.how === null ? say("reason.normal") : words.game(decided.how)}${scores}`;
    return draw
      ? { headline: [say("draw")], detail: [how] }
      : { headline: sentence("wins", result.winners), detail: [how] };
  }
  if (draw || decided.reason === "draw-agreed") {
    return { headline: [say("draw")], detail: [say(`reason.${decided.reason}`)] };
  }
  const losers = seats.map((s) => s.seat).filter((s) => !result.winners.includes(s));
  const acts = { resign: "resigned", timeout: "timedOut", abandon: "left" } as const;
  return { headline: sentence("wins", result.winners), detail: sentence(acts[decided.reason], losers) };
}

/**
 * What decided a finished game, which its result line is worded by: the rules (how, in the game's words,
 * and the final count where the game has one worth showing), or a player's act. An act shows no score:
 * the scores of a resignation or a timeout are the forfeit's (Othello's 0–64), not the board's.
 */
export type Decider =
  | {
      readonly kind: "rules";
      /** A key of the game's messages ("result.byConquest"), or null for the generic "by score". */
      readonly how: string | null;
      readonly scores: readonly number[] | null;
    }
  | { readonly kind: "act"; readonly reason: "resign" | "timeout" | "abandon" | "draw-agreed" };

export function deciderOf(result: MatchResult, state: unknown, web: AnyWebGame, draw: boolean): Decider {
  if (result.reason !== "normal" && result.reason !== "abort") return { kind: "act", reason: result.reason };
  const scores = result.scores.length > 0 && web.result.showScores ? result.scores : null;
  // A game that ended by the rules in one of several ways says which, from its final position.
  const endedBy = state === null ? undefined : web.result.endedBy?.(state);
  return { kind: "rules", how: endedBy ?? (draw ? null : web.result.byRules), scores };
}
