"use client";

import type { MatchAnalysis } from "@arena/protocol";
import Link from "next/link";
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
  return (
    <section className="analysis" aria-label="Analysis" data-testid="analysis" data-state={state.kind}>
      <h2>Analysis</h2>
      {state.kind === "idle" && (
        <button type="button" className="btn" onClick={start} data-testid="analyse">
          Analyse
        </button>
      )}
      {state.kind === "running" && (
        <div className="analysis-progress">
          <progress value={state.done} max={Math.max(1, state.total)} aria-label="Analysis progress" />
          <span className="muted">
            Analysing… {state.done}/{state.total} positions
          </span>
        </div>
      )}
      {state.kind === "failed" && (
        <p className="error" role="alert">
          {state.message}{" "}
          <button type="button" className="btn small" onClick={start}>
            Try again
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
  const shown = analysis.positions[selected];
  const presentation = web.analysis;
  const seats = Array.from(new Set(analysis.moves.map((m) => m.seat))).sort((a, b) => a - b);
  const boardLink = `/analysis?game=${encodeURIComponent(web.id)}&position=${encodeURIComponent(JSON.stringify(position))}`;
  return (
    <>
      <AnalysisChart
        analysis={analysis}
        presentation={presentation}
        selected={selected}
        onSelect={onSelect}
      />
      {shown !== undefined && (
        <p data-testid="analysis-position">
          <strong>{presentation.describe(shown)}</strong>
          {shown.bestMoveText !== null && (
            <>
              {" "}
              · best <span data-testid="analysis-best">{shown.bestMoveText}</span>
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
              {players[seat] ?? web.seatName(seat)} ({web.seatName(seat)}): {counts.inaccuracy} inaccuracies,{" "}
              {counts.mistake} mistakes, {counts.blunder} blunders
            </li>
          );
        })}
      </ul>
      <Link href={boardLink} className="btn small" data-testid="analyse-position">
        Analyse this position
      </Link>
    </>
  );
}
