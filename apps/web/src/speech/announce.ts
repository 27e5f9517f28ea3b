import { type MatchModel, type PlayedMove, positionsOf } from "@arena/match";
import type { AnyWebGame } from "../games/web-game";
import type { Words } from "../i18n/words";
import { seatClockView } from "../room/clock-view";

/** The translators the announcer words with. */
export interface SpeechWords {
  /** A translator over the `speech` namespace. */
  readonly speech: Words;
  /** Over the game's own messages (`games.<id>`), where its `speech.*` keys are. */
  readonly game: Words;
  readonly locale: string;
}

/** One played move in the game's words, or seat and notation when it has none or the text does not parse. */
export function moveSpeech(
  web: AnyWebGame,
  before: unknown,
  played: PlayedMove,
  after: unknown,
  words: SpeechWords,
): string {
  const parsed = web.rules.parseMove(before, played.move);
  if (web.speech !== undefined && parsed.ok) return web.speech.move(before, parsed.value, after, words.game);
  return words.speech("moved", { seat: web.seatName(played.seat, words.game), move: played.move });
}

/** The score in the game's words, or its one-line description, or null for a game with neither. */
export function scoreSpeech(web: AnyWebGame, state: unknown, game: Words): string | null {
  return web.speech?.score?.(state, game) ?? web.extras?.describe?.(state, game) ?? null;
}

/** What the announcer says after a move: the move, and the score after it ("Black d3, flips d4; …"). */
export function moveAnnouncement(
  web: AnyWebGame,
  before: unknown,
  played: PlayedMove,
  after: unknown,
  words: SpeechWords,
): string {
  const move = moveSpeech(web, before, played, after, words);
  const score = scoreSpeech(web, after, words.game);
  return score === null ? move : words.speech("withScore", { move, score });
}

/**
 * The announcements of the moves past the first `known` of the model, each with the position before and
 * after it: one move reuses the position the page held, more (a reconnect, a forced pass) replay the game.
 */
export function newMoveAnnouncements(
  model: MatchModel,
  known: { readonly length: number; readonly state: unknown },
  web: AnyWebGame,
  words: SpeechWords,
): string[] {
  const count = model.moves.length;
  if (count <= known.length || model.state === null) return [];
  const last = model.moves.at(count - 1);
  if (count === known.length + 1 && known.state !== null && last !== undefined) {
    return [moveAnnouncement(web, known.state, last, model.state, words)];
  }
  const positions = positionsOf(model);
  return model.moves
    .toArray()
    .slice(known.length)
    .map((played, i) =>
      moveAnnouncement(web, positions[known.length + i], played, positions[known.length + i + 1], words),
    );
}

/** The last move again (`l`). */
export function lastMoveSpeech(model: MatchModel, web: AnyWebGame, words: SpeechWords): string {
  const count = model.moves.length;
  const last = model.moves.at(count - 1);
  if (last === undefined) return words.speech("noMoves");
  const positions = positionsOf(model);
  return words.speech("last", {
    move: moveSpeech(web, positions[count - 1], last, positions[count], words),
  });
}

/** The legal moves in the game's notation (`m`). */
export function legalMovesSpeech(web: AnyWebGame, state: unknown, words: SpeechWords): string {
  const moves = state === null ? [] : web.rules.legalMoves(state);
  if (moves.length === 0) return words.speech("noLegal");
  return words.speech("legal", { moves: moves.map((move) => web.rules.formatMove(state, move)).join(", ") });
}

/** What the room's turn reads: who is to move, or why nobody is. */
export interface TurnFacts {
  readonly model: MatchModel;
  readonly web: AnyWebGame;
  readonly toMove: readonly number[];
  readonly myTurn: number | undefined;
}

/** Whose turn it is (`t`, and the status line). */
export function turnSpeech({ model, web, toMove, myTurn }: TurnFacts, words: SpeechWords): string {
  if (model.status === "waiting") return words.speech("notStarted");
  if (model.status !== "live") return words.speech("over");
  if (myTurn !== undefined) return words.speech("yourTurn", { seat: web.seatName(myTurn, words.game) });
  const seats = toMove.map((seat) => web.seatName(seat, words.game));
  return words.speech("toMove", {
    seats: new Intl.ListFormat(words.locale, { type: "conjunction" }).format(seats),
  });
}

/** Every seat's clock at a server time (`c`). */
export function clockSpeech(
  model: MatchModel,
  web: AnyWebGame,
  serverNow: number,
  words: SpeechWords,
): string {
  const { clock } = model;
  if (clock === null) return words.speech("noClock");
  const live = model.status === "live";
  const seats = model.slots.map((_, seat) =>
    words.speech("clock", {
      seat: web.seatName(seat, words.game),
      time: seatClockView(clock, seat, live, serverNow).text,
    }),
  );
  return new Intl.ListFormat(words.locale, { type: "unit" }).format(seats);
}
