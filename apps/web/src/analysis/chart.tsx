"use client";

import type { MatchAnalysis } from "@arena/protocol";
import { useTranslations } from "next-intl";
import type { AnalysisPresentation } from "../games/web-game";
import { type MoveClass, classify } from "./classes";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 8;

export interface ChartProps {
  readonly analysis: MatchAnalysis;
  readonly presentation: AnalysisPresentation;
  /** What the chart plots, in the page's language (the presentation's `chartTitle`, worded). */
  readonly title: string;
  /** The position selected (0 = the start), drawn as a vertical line. */
  readonly selected: number;
  readonly onSelect: (ply: number) => void;
}

/** The y range: the game's own, or the values' with a margin (never empty). */
function rangeOf(lines: readonly (readonly (number | null)[])[], fixed?: readonly [number, number]) {
  if (fixed !== undefined) return fixed;
  const values = lines.flat().filter((v): v is number => v !== null);
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  return [low, high] as const;
}

/**
 * The evaluation over the game, drawn as SVG by hand: a line per value the game plots, the moves' classes
 * as dots, the selected position as a rule. Clicking picks the nearest position (docs/analysis.md).
 */
export function AnalysisChart({ analysis, presentation, title, selected, onSelect }: ChartProps) {
  const t = useTranslations("analysis");
  const { positions, moves } = analysis;
  const perPosition = positions.map((p) => presentation.chartValues(p));
  const lineCount = Math.max(0, ...perPosition.map((v) => v.length));
  const lines = Array.from({ length: lineCount }, (_, line) => perPosition.map((v) => v[line] ?? null));
  const [low, high] = rangeOf(lines, presentation.chartRange);
  const span = Math.max(1e-9, high - low);
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(1, positions.length - 1);
  const y = (v: number) =>
    HEIGHT - PAD - ((Math.min(high, Math.max(low, v)) - low) * (HEIGHT - 2 * PAD)) / span;
  const classes: MoveClass[] = moves.map((move, i) => {
    const before = positions[i];
    const after = positions[i + 1];
    return before === undefined || after === undefined ? "unknown" : classify(move, before, after);
  });
  return (
    <figure className="analysis-chart">
      <figcaption className="muted">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t("chartLabel", { title, count: positions.length - 1 })}
        data-testid="analysis-chart"
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const at = ((e.clientX - box.left) / box.width) * WIDTH;
          const ply = Math.round(((at - PAD) / (WIDTH - 2 * PAD)) * (positions.length - 1));
          onSelect(Math.min(positions.length - 1, Math.max(0, ply)));
        }}
      >
        {low < 0 && high > 0 && <line className="axis" x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} />}
        <line className="selected" x1={x(selected)} x2={x(selected)} y1={PAD} y2={HEIGHT - PAD} />
        {lines.map((line, l) => (
          <polyline
            key={l}
            className={`line line-${l}`}
            points={line
              .flatMap((v, i) => (v === null ? [] : [`${x(i).toFixed(1)},${y(v).toFixed(1)}`]))
              .join(" ")}
          />
        ))}
        {classes.map((moveClass, i) =>
          moveClass === "inaccuracy" || moveClass === "mistake" || moveClass === "blunder" ? (
            <circle
              key={i}
              className={`dot ${moveClass}`}
              cx={x(i + 1)}
              cy={y(lines[0]?.[i + 1] ?? (low + high) / 2)}
              r={4}
            >
              <title>{t("dot", { move: moves[i]?.move ?? "", class: t(`moveClass.${moveClass}`) })}</title>
            </circle>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
