"use client";

import type { GameId } from "@arena/engine/registry";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { webGame } from "../games/registry";
import type { AnyWebGame } from "../games/web-game";
import { failureText } from "../i18n/errors";
import { useGameWords } from "../i18n/use-game-words";
import type { Words } from "../i18n/words";
import { useArena } from "../net/arena-context";
import { attemptPuzzle, fetchPuzzle } from "../net/puzzles-api";
import { BoardPanel } from "../room/board-panel";
import { useSpeech } from "../speech/speech-context";
import { positionAfter } from "./line";
import { useThemeName } from "./theme-name";
import { PuzzleHistoryPanel } from "./puzzle-history";
import { useBestStreak } from "./streak-record";
import { INITIAL_TRAINER, type TrainerMode, type TrainerState, trainerReducer } from "./trainer-model";
import { ratingChangeText, shortfallText } from "./wording";

/** Long enough to see the player's move land before the reply; none when the viewer asks for less motion. */
const REPLY_PAUSE_MS = 600;

function replyPause(): number {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : REPLY_PAUSE_MS;
}

/** The game's start, only to reserve the board's room while the puzzle loads. */
function placeholderOf(web: AnyWebGame): unknown {
  const options = web.rules.parseOptions(web.demo.options);
  if (!options.ok) throw new Error(`${web.id} demo options: ${options.error.message}`);
  return web.rules.initial(options.value, web.demo.seed);
}

/** The puzzle's position and the moves so far on it, or why the server's puzzle does not fit the rules. */
function boardOf(web: AnyWebGame, state: TrainerState) {
  if (state.puzzle === null) return null;
  const start = web.rules.deserialize(state.puzzle.state);
  if (!start.ok) return { ok: false as const, refused: start.error.message };
  const line = positionAfter(web.rules, start.value, state.moves);
  return line.ok ? { ok: true as const, state: line.state } : { ok: false as const, refused: line.refused };
}

/**
 * The puzzle trainer of one game (docs/web.md, "Puzzles"): the board on the served position, each move
 * sent with the whole line so far, the reply played after a short pause, and at the end why a wrong move
 * fails, the solution and the rating change. The trainer's states are `trainer-model.ts`'s reducer.
 */
export function PuzzleTrainer({
  gameId,
  mode,
  theme,
}: {
  gameId: GameId;
  mode: TrainerMode;
  theme: string | null;
}) {
  const web = webGame(gameId);
  const t = useTranslations("puzzles");
  const errors = useTranslations("errors");
  const themeName = useThemeName(gameId);
  const locale = useLocale();
  const words = useGameWords(gameId);
  const { session } = useArena();
  const { announce } = useSpeech();
  const token = session?.token;
  const isAccount = session?.account !== undefined;
  const [state, dispatch] = useReducer(trainerReducer, INITIAL_TRAINER);
  // Each "Next puzzle" is a new round; a streak's round asks for its step (puzzles solved so far).
  const [round, setRound] = useState({ count: 0, step: 0 });
  const [best, keepBest] = useBestStreak(gameId);
  const placeholder = useMemo(() => placeholderOf(web), [web]);
  const board = boardOf(web, state);

  useEffect(() => {
    if (token === undefined) return;
    let gone = false;
    dispatch({ type: "loading" });
    const request =
      mode === "daily"
        ? ({ kind: "daily" } as const)
        : ({ kind: "next", mode, theme: mode === "rated" ? theme : null, step: round.step } as const);
    void fetchPuzzle(gameId, request, token).then((answer) => {
      if (gone) return;
      dispatch(answer.ok ? { type: "served", served: answer } : { type: "failed", ...answer });
    });
    return () => {
      gone = true;
    };
  }, [gameId, mode, theme, token, round]);

  useEffect(() => {
    if (state.phase !== "reply") return;
    const timer = window.setTimeout(() => dispatch({ type: "replyShown" }), replyPause());
    return () => window.clearTimeout(timer);
  }, [state.phase]);

  useEffect(() => {
    if (mode === "streak") keepBest(state.streak);
  }, [mode, state.streak, keepBest]);

  useSpokenTrainer(web, state, words, announce);

  const seat = state.puzzle === null ? null : web.seatName(state.puzzle.sideToMove, words);
  const play = (move: unknown) => {
    if (state.phase !== "your-move" || state.puzzle === null || board?.ok !== true) return;
    const text = web.rules.formatMove(board.state, move);
    dispatch({ type: "played", move: text });
    void attemptPuzzle(state.puzzle.id, [...state.moves, text], mode !== "streak", token).then((answer) =>
      dispatch(answer.ok ? { type: "answered", result: answer } : { type: "failed", ...answer }),
    );
  };
  const next = () => {
    setRound((held) => ({ count: held.count + 1, step: state.streakOver ? 0 : state.streak }));
  };

  return (
    <div
      className="puzzle-trainer"
      data-testid="puzzle-trainer"
      data-phase={state.phase}
      data-moves={state.moves.length}
    >
      <section className="panel puzzle-board" aria-label={t("boardLabel")}>
        <p role="status" className="puzzle-status" data-testid="puzzle-status">
          {statusText(state, seat, t)}
        </p>
        {state.failure !== null && (
          <p className="error" data-testid="puzzle-failure">
            {failureText(errors, locale, state.failure)}
          </p>
        )}
        {state.phase === "failed" && (
          <button type="button" className="btn small" onClick={next}>
            {t("tryAgain")}
          </button>
        )}
        {board !== null && board.ok ? (
          <BoardPanel
            web={web}
            state={board.state}
            lastMove={state.moves.at(-1) ?? null}
            interactive={state.phase === "your-move"}
            viewerSeat={state.puzzle?.sideToMove ?? null}
            hint={null}
            onMove={play}
            flipped={false}
            premove={undefined}
          />
        ) : (
          // The start of the game, unseen, holds the board's room until the puzzle comes.
          <div className="puzzle-placeholder" aria-hidden="true">
            <web.Board
              state={placeholder}
              lastMove={null}
              interactive={false}
              viewerSeat={null}
              onMove={() => undefined}
            />
          </div>
        )}
        {board !== null && !board.ok && (
          <p className="error" data-testid="puzzle-problem">
            {t("badLine", { move: board.refused })}
          </p>
        )}
      </section>

      <section className="panel puzzle-side" aria-label={t("aboutLabel")}>
        {isAccount ? (
          <p data-testid="puzzle-rating">
            {state.player === null
              ? t("yourRatingNone")
              : t("yourRating", {
                  rating: `${state.player.rating}${state.player.provisional ? "?" : ""}`,
                })}
          </p>
        ) : (
          <p className="muted" data-testid="puzzle-guest">
            {t("guest")}
          </p>
        )}
        {mode === "streak" && (
          <p data-testid="puzzle-streak" data-streak={state.streak} data-best={Math.max(best, state.streak)}>
            {t("streak", { count: state.streak, best: Math.max(best, state.streak) })}
          </p>
        )}
        {state.puzzle !== null ? (
          <dl className="puzzle-facts" data-testid="puzzle-facts" data-puzzle={state.puzzle.id}>
            <dt>{t("puzzleRating")}</dt>
            <dd>{state.puzzle.rating}</dd>
            <dt>{t("toFind")}</dt>
            <dd>{t("moves", { count: state.puzzle.playerMoves })}</dd>
            <dt>{t("plays")}</dt>
            <dd>{state.puzzle.plays}</dd>
            {state.puzzle.themes.length > 0 && (
              <>
                <dt>{t("themes")}</dt>
                <dd>{state.puzzle.themes.map(themeName).join(", ")}</dd>
              </>
            )}
            {state.day !== null && (
              <>
                <dt>{t("day")}</dt>
                <dd data-testid="puzzle-day">{state.day}</dd>
              </>
            )}
          </dl>
        ) : (
          <p className="muted puzzle-facts-placeholder">{state.phase === "loading" ? t("loading") : ""}</p>
        )}
        {state.phase === "over" && state.outcome !== null && state.puzzle !== null && (
          <Ending state={state} gameId={gameId} position={state.puzzle.state} mode={mode} onNext={next} />
        )}
      </section>
      {isAccount && token !== undefined && (
        <PuzzleHistoryPanel
          gameId={gameId}
          token={token}
          refresh={state.phase === "over" ? state.puzzle?.id : null}
        />
      )}
    </div>
  );
}

/**
 * The status line, also the screen reader's: whose move, checking, right, solved or wrong.
 *
 * @param t a translator over the `puzzles` namespace
 */
function statusText(state: TrainerState, seat: string | null, t: Words): string {
  switch (state.phase) {
    case "loading":
      return t("loading");
    case "failed":
      return t("none");
    case "your-move":
      return t(state.moves.length === 0 ? "yourMove" : "yourMoveAgain", { seat: seat ?? "" });
    case "checking":
      return t("checking");
    case "reply":
      return t("right");
    case "over":
      return state.outcome?.kind === "solved" ? t("solved") : t("wrong");
  }
}

/** The end of a puzzle: why a move was wrong, the solution, the rating change, and where to go next. */
function Ending({
  state,
  gameId,
  position,
  mode,
  onNext,
}: {
  state: TrainerState;
  gameId: GameId;
  position: unknown;
  mode: TrainerMode;
  onNext: () => void;
}) {
  const t = useTranslations("puzzles");
  const outcome = state.outcome;
  if (outcome === null) return null;
  const analysis = `/analysis?${new URLSearchParams({ game: gameId, position: JSON.stringify(position) }).toString()}`;
  const nextLabel = mode === "streak" && state.streakOver ? t("newStreak") : t("next");
  return (
    <div className="puzzle-ending" data-testid="puzzle-ending" data-outcome={outcome.kind}>
      <p className={outcome.kind === "solved" ? "puzzle-solved" : "error"} data-testid="puzzle-result">
        {outcome.kind === "solved" ? t("solvedLong") : t("wrongLong")}
      </p>
      {outcome.kind === "wrong" && (
        <>
          {outcome.shortfall !== null && (
            <p data-testid="puzzle-shortfall">{t("costs", { text: shortfallText(outcome.shortfall, t) })}</p>
          )}
          <p data-testid="puzzle-refutation">{t("refutation", { line: outcome.refutation.join(" ") })}</p>
        </>
      )}
      <p data-testid="puzzle-solution">{t("solution", { line: outcome.solution.join(" ") })}</p>
      {outcome.ratingChange !== null ? (
        <p data-testid="puzzle-rating-change" data-delta={outcome.ratingChange.delta}>
          {ratingChangeText(outcome.ratingChange, t)}
        </p>
      ) : (
        <p className="muted" data-testid="puzzle-unrated">
          {t("unrated")}
        </p>
      )}
      <div className="puzzle-actions">
        {mode === "daily" ? (
          <Link className="btn primary" href={`/puzzles/${gameId}`} data-testid="puzzle-next">
            {t("next")}
          </Link>
        ) : (
          <button type="button" className="btn primary" onClick={onNext} data-testid="puzzle-next">
            {nextLabel}
          </button>
        )}
        <Link className="btn" href={analysis} prefetch={false} data-testid="puzzle-analysis">
          {t("analyse")}
        </Link>
      </div>
    </div>
  );
}

/**
 * The screen-reader mode's announcements (docs/web.md, "Screen-reader mode"): each move on the board in the
 * game's words, then the result and what a wrong move cost. Outside the mode `announce` says nothing.
 */
function useSpokenTrainer(
  web: AnyWebGame,
  state: TrainerState,
  words: Words,
  announce: (text: string) => void,
) {
  const t = useTranslations("puzzles");
  const said = useRef({ puzzle: "", moves: 0, over: false });
  useEffect(() => {
    const puzzle = state.puzzle;
    if (puzzle === null) return;
    const start = web.rules.deserialize(puzzle.state);
    if (!start.ok) return;
    if (said.current.puzzle !== puzzle.id) {
      said.current = { puzzle: puzzle.id, moves: 0, over: false };
      announce(t("yourMove", { seat: web.seatName(puzzle.sideToMove, words) }));
    }
    // A move taken back (its attempt failed) is said again when it is played again.
    said.current.moves = Math.min(said.current.moves, state.moves.length);
    const fresh = said.current.moves < state.moves.length;
    for (let index = said.current.moves; index < state.moves.length; index++) {
      const before = positionAfter(web.rules, start.value, state.moves.slice(0, index));
      const after = positionAfter(web.rules, start.value, state.moves.slice(0, index + 1));
      const text = state.moves[index] ?? "";
      const move = before.ok ? web.rules.parseMove(before.state, text) : null;
      announce(
        web.speech !== undefined && before.ok && after.ok && move?.ok === true
          ? web.speech.move(before.state, move.value, after.state, words)
          : text,
      );
    }
    said.current.moves = state.moves.length;
    if (state.phase === "over" && state.outcome !== null && !said.current.over) {
      said.current.over = true;
      const outcome = state.outcome;
      const parts = [outcome.kind === "solved" ? t("solvedLong") : t("wrongLong")];
      if (outcome.kind === "wrong") {
        if (outcome.shortfall !== null) parts.push(t("costs", { text: shortfallText(outcome.shortfall, t) }));
        parts.push(t("refutation", { line: outcome.refutation.join(" ") }));
      }
      parts.push(t("solution", { line: outcome.solution.join(" ") }));
      if (outcome.ratingChange !== null) parts.push(ratingChangeText(outcome.ratingChange, t));
      announce(parts.join(" "));
    } else if (fresh && state.phase === "your-move") {
      announce(t("yourMoveAgain", { seat: web.seatName(puzzle.sideToMove, words) }));
    }
  }, [web, state, words, announce, t]);
}
