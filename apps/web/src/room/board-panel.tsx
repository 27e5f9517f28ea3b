"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../i18n/errors";
import { useSpeech } from "../speech/speech-context";
import type { AnyWebGame, Premove } from "../games/web-game";

export interface BoardPanelProps {
  readonly web: AnyWebGame;
  /** The position shown (live or replayed); null before the start. */
  readonly state: unknown;
  readonly lastMove: string | null;
  readonly interactive: boolean;
  /** The seat the viewer plays, or null for a spectator. */
  readonly viewerSeat: number | null;
  /** The analysis's best move in this position, marked on the board; null for none. */
  readonly hint: unknown;
  readonly onMove: (move: unknown) => void;
  /** Turned half round (the flip button, `f`). */
  readonly flipped: boolean;
  /** The premove while the opponent is to move (room/premove.ts), else undefined. */
  readonly premove: Premove<unknown> | undefined;
  /**
   * The screen-reader mode's commands (speech/room-speech.tsx): true when the text was one and is answered.
   * Given, the move box shows whoever is to move, so that the commands can be typed at any time.
   */
  readonly onCommand?: (text: string) => boolean;
}

/** The game's board from the registry and, when the viewer is to move, a box to type a move. */
export function BoardPanel({
  web,
  state,
  lastMove,
  interactive,
  viewerSeat,
  hint,
  onMove,
  flipped,
  premove,
  onCommand,
}: BoardPanelProps) {
  const t = useTranslations("board");
  if (state === null) return <p className="muted">{t("notStarted")}</p>;
  return (
    <>
      <web.Board
        state={state}
        lastMove={lastMove}
        interactive={interactive}
        viewerSeat={viewerSeat}
        hint={hint}
        flipped={flipped}
        {...(premove === undefined ? {} : { premove })}
        onMove={onMove}
      />
      {(interactive || onCommand !== undefined) && (
        <MoveInput
          web={web}
          state={state}
          onMove={onMove}
          interactive={interactive}
          {...(onCommand === undefined ? {} : { onCommand })}
        />
      )}
    </>
  );
}

/**
 * Keyboard entry in the game's notation ("f5", "4", "a1>b2" or "pass"); the engine checks it. In the
 * screen-reader mode it takes the mode's commands too, and its problems are announced.
 */
function MoveInput({
  web,
  state,
  onMove,
  interactive,
  onCommand,
}: {
  web: AnyWebGame;
  state: unknown;
  onMove: (move: unknown) => void;
  interactive: boolean;
  onCommand?: (text: string) => boolean;
}) {
  const t = useTranslations("board");
  const speech = useTranslations("speech");
  const { announce } = useSpeech();
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [text, setText] = useState("");
  const [problem, setProblemText] = useState<string | null>(null);
  const setProblem = (said: string | null) => {
    setProblemText(said);
    if (said !== null) announce(said);
  };
  return (
    <form
      className="move-input"
      onSubmit={(e) => {
        e.preventDefault();
        const typed = text.trim();
        if (onCommand?.(typed) === true) {
          setProblem(null);
          setText("");
          return;
        }
        if (!interactive) {
          setProblem(speech("notYourTurn"));
          return;
        }
        const parsed = web.rules.parseMove(state, typed);
        if (!parsed.ok) {
          setProblem(failureText(errors, locale, parsed.error));
          return;
        }
        if (!web.rules.legalMoves(state).includes(parsed.value)) {
          setProblem(t("notLegal", { move: typed }));
          return;
        }
        setProblem(null);
        setText("");
        onMove(parsed.value);
      }}
    >
      <input
        aria-label={onCommand === undefined ? t("move") : speech("box")}
        placeholder={t("placeholder", { hint: web.moveHint })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      <button type="submit" className="btn small">
        {t("play")}
      </button>
      {problem !== null && <span className="error">{problem}</span>}
    </form>
  );
}
