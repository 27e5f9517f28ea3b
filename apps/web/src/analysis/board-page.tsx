"use client";

import type { AnalysedPosition } from "@arena/protocol";
import { DEFAULT_GAME_ID, GAME_IDS, type GameId, isGameId } from "@arena/engine/registry";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { failureText } from "../i18n/errors";
import { useGameTitle, useGameWords } from "../i18n/use-game-words";
import { useState } from "react";
import { serverUrl } from "../env";
import { webGame } from "../games/registry";
import type { AnyWebGame } from "../games/web-game";
import { useArena } from "../net/arena-context";
import { analysePosition } from "./api";

function startOf(web: AnyWebGame): unknown {
  const options = web.rules.parseOptions(web.demo.options);
  if (!options.ok) throw new Error(`${web.id} demo options: ${options.error.message}`);
  return web.rules.initial(options.value, web.demo.seed);
}

/** The position the link carries (a game's serialized state), or the game's demo start. */
/** Why the link's position was not read: the rules' refusal, or a link that is not JSON at all. */
type LinkProblem = { readonly code: string; readonly message: string } | "not-json";

function initialOf(
  web: AnyWebGame,
  position: string | null,
): { state: unknown; problem: LinkProblem | null } {
  if (position === null) return { state: startOf(web), problem: null };
  try {
    const read = web.rules.deserialize(JSON.parse(position));
    return read.ok ? { state: read.value, problem: null } : { state: startOf(web), problem: read.error };
  } catch {
    return { state: startOf(web), problem: "not-json" };
  }
}

/** Plays a move, then the moves nobody chooses (Othello's passes), as the server does. */
function playWithForced(web: AnyWebGame, state: unknown, move: unknown): unknown {
  let next = web.rules.apply(state, move);
  for (let forced = web.rules.forcedMove(next); forced !== null; forced = web.rules.forcedMove(next)) {
    next = web.rules.apply(next, forced);
  }
  return next;
}

type Evaluation =
  | { readonly kind: "none" }
  | { readonly kind: "running" }
  | { readonly kind: "done"; readonly analysis: AnalysedPosition; readonly of: unknown }
  | { readonly kind: "failed"; readonly code: string; readonly message: string };

/**
 * The analysis board (docs/analysis.md, "The analysis board"): a position from a game or set up by hand,
 * moves played on it freely, and one analysis with the server's larger budget: value and best line.
 */
export function AnalysisBoard({ game, position }: { game: string | null; position: string | null }) {
  const { session } = useArena();
  const t = useTranslations("analysisBoard");
  const common = useTranslations("common");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const titleOf = useGameTitle();
  const [gameId, setGameId] = useState<GameId>(game !== null && isGameId(game) ? game : DEFAULT_GAME_ID);
  const web = webGame(gameId);
  const words = useGameWords(gameId);
  const [first] = useState(() => initialOf(web, position));
  const [history, setHistory] = useState<unknown[]>([first.state]);
  const [last, setLast] = useState<string | null>(null);
  const [evaluation, setEvaluation] = useState<Evaluation>({ kind: "none" });
  const state = history.at(-1) ?? first.state;
  const toMove = web.rules.toMove(state)[0];
  const shownAnalysis = evaluation.kind === "done" && evaluation.of === state ? evaluation.analysis : null;
  const reset = (next: unknown) => {
    setHistory([next]);
    setLast(null);
    setEvaluation({ kind: "none" });
  };
  const Editor = web.Editor;
  return (
    <div className="analysis-board" data-game={gameId}>
      <div className="room-board">
        <h1>{t("title")}</h1>
        <p className="muted">
          <label>
            {common("game")}{" "}
            <select
              value={gameId}
              aria-label={common("game")}
              onChange={(e) => {
                const id = e.target.value;
                if (!isGameId(id)) return;
                setGameId(id);
                reset(startOf(webGame(id)));
              }}
            >
              {GAME_IDS.map((id) => (
                <option key={id} value={id}>
                  {titleOf(id)}
                </option>
              ))}
            </select>
          </label>{" "}
          ·{" "}
          {toMove === undefined
            ? common("gameOver")
            : common("toMove", { seat: web.seatName(toMove, words) })}
        </p>
        {first.problem !== null && (
          <p className="error">
            {first.problem === "not-json" ? t("notJson") : failureText(errors, locale, first.problem)}
          </p>
        )}
        <web.Board
          state={state}
          lastMove={last}
          interactive={toMove !== undefined}
          viewerSeat={null}
          hint={shownAnalysis?.bestMove ?? null}
          onMove={(move) => {
            setLast(web.rules.formatMove(state, move));
            setHistory([...history, playWithForced(web, state, move)]);
          }}
        />
        <div className="row">
          <button
            type="button"
            className="btn small"
            disabled={history.length < 2}
            onClick={() => setHistory(history.slice(0, -1))}
          >
            {t("undo")}
          </button>
          <button type="button" className="btn small" onClick={() => reset(startOf(web))}>
            {t("startPosition")}
          </button>
        </div>
      </div>
      <aside className="room-side">
        {Editor !== undefined && <Editor state={state} onChange={reset} />}
        <button
          type="button"
          className="btn"
          data-testid="evaluate"
          disabled={evaluation.kind === "running"}
          onClick={() => {
            setEvaluation({ kind: "running" });
            void analysePosition(
              serverUrl(),
              gameId,
              web.rules.serialize(state),
              session?.token ?? null,
            ).then((reply) =>
              setEvaluation(
                reply.ok
                  ? { kind: "done", analysis: reply.analysis, of: state }
                  : { kind: "failed", code: reply.code, message: reply.message },
              ),
            );
          }}
        >
          {t("evaluate")}
        </button>
        {evaluation.kind === "running" && <progress aria-label={t("evaluating")} />}
        {evaluation.kind === "failed" && (
          <p className="error" role="alert">
            {failureText(errors, locale, evaluation)}
          </p>
        )}
        {shownAnalysis !== null && (
          <div data-testid="evaluation">
            <p>
              <strong>{web.analysis.describe(shownAnalysis, words)}</strong>
            </p>
            {shownAnalysis.bestMoveText !== null && (
              <p>
                {t("bestLine")} <span data-testid="best-line">{shownAnalysis.pvText.join(" ")}</span>
              </p>
            )}
            <p className="muted">
              {t("stats", {
                exact: shownAnalysis.exact ? "yes" : "no",
                depth: shownAnalysis.depth,
                nodes: shownAnalysis.nodes,
              })}
            </p>
          </div>
        )}
        <Link href="/">{common("backToLobby")}</Link>
      </aside>
    </div>
  );
}
