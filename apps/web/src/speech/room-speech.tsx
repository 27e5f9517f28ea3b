"use client";

import { remainingAt } from "@arena/match";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef } from "react";
import type { Words } from "../i18n/words";
import { plainText } from "../lib/names";
import type { ResultText } from "../room/room-model";
import type { RoomView } from "../room/room-view";
import {
  type SpeechWords,
  clockSpeech,
  lastMoveSpeech,
  legalMovesSpeech,
  newMoveAnnouncements,
  scoreSpeech,
  turnSpeech,
} from "./announce";
import { SPEECH_COMMANDS, type SpeechCommand, parseCommand } from "./commands";
import { lowTimeMark } from "./low-time";
import { useSpeech } from "./speech-context";

/** The translators of the announcer for one game: `gameWords` over its messages (`useGameWords`). */
function useSpeechWords(gameWords: Words): SpeechWords {
  const speech = useTranslations("speech");
  const locale = useLocale();
  return useMemo(() => ({ speech, game: gameWords, locale }), [speech, gameWords, locale]);
}

const resultSpeech = (result: ResultText): string =>
  `${plainText(result.headline)} ${plainText(result.detail)}`.trim();

/**
 * The room in the screen-reader mode (docs/web.md, "Screen-reader mode"): a status line (whose turn, the
 * score, or the result), the moves as a log of plain lines, and the announcements of what happens: each
 * move, the result, the opponents' draw offers, takeback requests and rematch offers, and the viewer's
 * clock at low time. Renders nothing outside the mode.
 */
export function RoomSpeech({
  view,
  offset,
  result,
  gameWords,
}: {
  view: RoomView;
  offset: number;
  result: ResultText | null;
  gameWords: Words;
}) {
  const { on, announce } = useSpeech();
  const words = useSpeechWords(gameWords);
  const { model, web } = view;

  // Moves: the page's last known length and position, so that each move is said once, with its before.
  const known = useRef<{ matchId: string; length: number; state: unknown } | null>(null);
  useEffect(() => {
    const was = known.current;
    known.current = { matchId: model.matchId, length: model.moves.length, state: model.state };
    if (!on || was === null || was.matchId !== model.matchId) return;
    for (const text of newMoveAnnouncements(model, was, web, words)) announce(text);
  }, [on, model, web, words, announce]);

  // Offers and the end: what changed since the last model, by the other players only.
  const offers = useRef<{
    matchId: string;
    status: string;
    draw: number[];
    takeback: number[];
    rematch: number[];
  }>(null);
  useEffect(() => {
    const was = offers.current;
    offers.current = {
      matchId: model.matchId,
      status: model.status,
      draw: [...model.drawOffers],
      takeback: [...model.takebackAsks],
      rematch: [...model.rematchOffers],
    };
    if (!on || was === null || was.matchId !== model.matchId) return;
    const fresh = (now: readonly number[], before: readonly number[]) =>
      now.filter((seat) => !before.includes(seat) && !view.mine.includes(seat));
    const player = (seat: number) => view.players[seat] ?? web.seatName(seat, words.game);
    for (const seat of fresh(model.drawOffers, was.draw)) {
      announce(words.speech("drawOffer", { player: player(seat) }));
    }
    for (const seat of fresh(model.takebackAsks, was.takeback)) {
      announce(words.speech("takeback", { player: player(seat) }));
    }
    for (const seat of fresh(model.rematchOffers, was.rematch)) {
      announce(words.speech("rematch", { player: player(seat) }));
    }
    if (was.status !== model.status && result !== null) announce(resultSpeech(result));
  }, [on, model, view, web, words, result, announce]);

  // Low time on the viewer's running clock: each mark once a game.
  const said = useRef<{ matchId: string; bySeat: Map<number, readonly number[]> }>(null);
  const { clock } = model;
  const { live, mine } = view;
  useEffect(() => {
    if (!on || clock === null || !live || mine.length === 0) return;
    if (said.current?.matchId !== model.matchId) said.current = { matchId: model.matchId, bySeat: new Map() };
    const { bySeat } = said.current;
    const timer = setInterval(() => {
      const remaining = remainingAt(clock, Date.now() + offset);
      for (const seat of mine) {
        if (clock.running !== seat) continue;
        const next = lowTimeMark(remaining[seat] ?? Infinity, bySeat.get(seat) ?? []);
        bySeat.set(seat, next.said);
        if (next.mark !== null) announce(words.speech("lowTime", { seconds: next.mark / 1000 }));
      }
    }, 500);
    return () => clearInterval(timer);
  }, [on, clock, live, mine, offset, model.matchId, words, announce]);

  if (!on) return null;
  const score = model.state === null ? null : scoreSpeech(web, model.state, words.game);
  const ended = model.status === "finished" || model.status === "cancelled";
  const status = ended && result !== null ? resultSpeech(result) : turnSpeech(view, words);
  return (
    // A landmark to jump to; the status line is read when reached (aria-live off: the announcer speaks).
    <section className="sr-room" aria-label={words.speech("panel")}>
      <p role="status" aria-live="off">
        {score === null || ended ? status : `${status} · ${score}`}
      </p>
      <div role="log" aria-live="off" aria-label={words.speech("moves")} className="sr-moves">
        {model.moves.toArray().map((played, i) => (
          <p key={i}>
            {words.speech("moveLine", {
              number: i + 1,
              seat: web.seatName(played.seat, words.game),
              move: played.move,
            })}
          </p>
        ))}
      </div>
    </section>
  );
}

/**
 * The move box's commands in the screen-reader mode (`c`, `l`, `s`, `m`, `t`, `h`, and the page's
 * language's words for them), answered through the announcer. Undefined outside the mode: the box then
 * reads only moves.
 */
export function useSpeechCommands(
  view: RoomView | null,
  offset: number,
  gameWords: Words,
): ((text: string) => boolean) | undefined {
  const { on, announce } = useSpeech();
  const words = useSpeechWords(gameWords);
  return useMemo(() => {
    if (!on || view === null) return undefined;
    const { model, web } = view;
    const localised = Object.fromEntries(
      SPEECH_COMMANDS.map((command) => [command, words.speech(`commands.${command}`)]),
    );
    const answer = (command: SpeechCommand): string => {
      switch (command) {
        case "clock":
          return clockSpeech(model, web, Date.now() + offset, words);
        case "last":
          return lastMoveSpeech(model, web, words);
        case "score":
          return (
            (model.state === null ? null : scoreSpeech(web, model.state, words.game)) ??
            words.speech("noScore")
          );
        case "moves":
          return legalMovesSpeech(web, model.state, words);
        case "turn":
          return turnSpeech(view, words);
        case "help":
          return words.speech("help");
      }
    };
    return (text: string) => {
      const command = parseCommand(text, localised);
      if (command === null) return false;
      announce(answer(command));
      return true;
    };
  }, [on, view, offset, words, announce]);
}
