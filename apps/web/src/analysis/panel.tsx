"use client";

import type { MatchAnalysis } from "@arena/protocol";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { failureText } from "../i18n/errors";
import { useGameWords } from "../i18n/use-game-words";
import type { AnyWebGame } from "../games/web-game";
import { AnalysisChart } from "./chart";
import { countClasses } from "./classes";
import type { AnalysisState } from "./use-analysis";

export interface AnalysisPanelProps {
  readonly web: AnyWebGame;
  readonly state: AnalysisState;
  readonly start: () => void;
  /** The position selected in the move list (0 = the start). */
  readonly selected: number;
  readonly onSelect: (ply: number) => void;
  /** The selected position in the game's serialized form, for the analysis board's link. */
  readonly position: unknown;
  readonly players: readonly string[];
}

/** "Analyse", then a progress bar while the server works, then the chart and the selected position. */
export function AnalysisPanel({
  web,
  state,
  start,
  selected,
  onSelect,
  position,
  players,
}: AnalysisPanelProps) {
  const t = useTranslations("analysis");
  const errors = useTranslations("errors");
  const locale = useLocale();
  return (
    <section className="analysis" aria-label={t("title")} data-testid="analysis" data-state={state.kind}>
      <h2>{t("title")}</h2>
      {state.kind === "idle" && (
        <button type="button" className="btn" onClick={start} data-testid="analyse">
          {t("analyse")}
        </button>
      )}
      {state.kind === "running" && (
        <div className="analysis-progress">
          <progress value={state.done} max={Math.max(1, state.total)} aria-label={t("progress")} />
          <span className="muted">{t("running", { done: state.done, total: state.total })}</span>
        </div>
      )}
      {state.kind === "failed" && (
        <p className="error" role="alert">
          {failureText(errors, locale, state)}{" "}
          <button type="button" className="btn small" onClick={start}>
            {t("tryAgain")}
          </button>
        </p>
      )}
      {state.kind === "done" && (
        <Done
          web={web}
          analysis={state.analysis}
          selected={selected}
          onSelect={onSelect}
          position={position}
          players={players}
        />
      )}
    </section>
  );
}

function Done({
  web,
  analysis,
  selected,
  onSelect,
  position,
  players,
}: {
  web: AnyWebGame;
  analysis: MatchAnalysis;
  selected: number;
  onSelect: (ply: number) => void;
  position: unknown;
  players: readonly string[];
}) {
  const t = useTranslations("analysis");
  const words = useGameWords(web.id);
  const shown = analysis.positions[selected];
  const presentation = web.analysis;
  const seats = Array.from(new Set(analysis.moves.map((m) => m.seat))).sort((a, b) => a - b);
  const boardLink = `/analysis?game=${encodeURIComponent(web.id)}&position=${encodeURIComponent(JSON.stringify(position))}`;
  return (
    <>
      <AnalysisChart
        analysis={analysis}
        presentation={presentation}
        title={words(presentation.chartTitle)}
        selected={selected}
        onSelect={onSelect}
      />
      {shown !== undefined && (
        <p data-testid="analysis-position">
          <strong>{presentation.describe(shown, words)}</strong>
          {shown.bestMoveText !== null && (
            <>
              {" "}
              · {t("best")} <span data-testid="analysis-best">{shown.bestMoveText}</span>
              {shown.pvText.length > 1 && (
                <span className="muted"> ({shown.pvText.slice(0, 8).join(" ")})</span>
              )}
            </>
          )}
        </p>
      )}
      <ul className="analysis-summary">
        {seats.map((seat) => {
          const counts = countClasses(analysis.moves, analysis.positions, seat);
          return (
            <li key={seat}>
              {t("summary", {
                player: players[seat] ?? web.seatName(seat, words),
                seat: web.seatName(seat, words),
                inaccuracies: counts.inaccuracy,
                mistakes: counts.mistake,
                blunders: counts.blunder,
              })}
            </li>
          );
        })}
      </ul>
      <Link href={boardLink} className="btn small" data-testid="analyse-position">
        {t("analysePosition")}
      </Link>
    </>
  );
}
