"use client";

import type { RatingPoint } from "@arena/protocol";
import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { pointTime, ratingRange, timeRange, timeTicks } from "./chart-range";

/** What the chart draws of a point: a rating at a time (a pool's games, a game's puzzles). */
export type ChartPoint = Pick<RatingPoint, "at" | "rating">;

/** Room for one label of the time axis (a date or a time), so that labels never overlap. */
const TIME_LABEL_SPACE = 90;

/**
 * A pool's rating after each rated game, drawn with uPlot (docs/web.md, "Profiles"): a small canvas
 * chart library (~50 KB, no dependencies), bundled from npm like everything else. Every label, legend
 * and axis alike, is formatted through `Intl` in the page's language. The library is fetched only when a
 * chart has points to draw (docs/web.md, "Light pages"): a profile without rated games never loads it.
 */
export function RatingChart({
  points,
  label,
  timeLabel,
  locale,
}: {
  points: readonly ChartPoint[];
  label: string;
  /** The legend's name for the time of a point. */
  timeLabel: string;
  locale: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (element === null || points.length === 0) return;
    let chart: uPlot | null = null;
    let gone = false;
    void import("uplot").then(({ default: UPlot }) => {
      if (!gone) chart = drawChart(UPlot, element, { points, label, timeLabel, locale });
    });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [points, label, timeLabel, locale]);
  return <div ref={box} className="rating-chart" data-testid="rating-chart" />;
}

interface ChartInput {
  readonly points: readonly ChartPoint[];
  readonly label: string;
  readonly timeLabel: string;
  readonly locale: string;
}

function drawChart(
  UPlot: typeof uPlot,
  element: HTMLDivElement,
  { points, label, timeLabel, locale }: ChartInput,
): uPlot {
  const times = points.map((p) => p.at / 1000);
  const data: uPlot.AlignedData = [times, points.map((p) => p.rating)];
  const [first = 0, last = 0] = [times[0], times[times.length - 1]];
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return new UPlot(
    {
      width: Math.max(280, Math.min(640, element.clientWidth)),
      height: 220,
      scales: {
        x: { time: true, range: (_chart, min, max) => timeRange(first, last, [min, max]) },
        y: {
          range: (_chart, min, max) => {
            const range = ratingRange(min, max);
            // The axis drawn on the canvas, readable by tests (e2e/tests/rating-chart-range.e2e.ts).
            element.dataset.yRange = range.join("-");
            return range;
          },
        },
      },
      series: [
        { label: timeLabel, value: (_chart, value) => pointTime(locale, value) },
        {
          label,
          stroke: "#3b82f6",
          width: 2,
          points: { show: true },
          value: (_chart, value) => (value === null ? "–" : numbers.format(value)),
        },
      ],
      axes: [
        {
          space: TIME_LABEL_SPACE,
          values: (_chart, splits, _axis, _space, increment) => timeTicks(locale, splits, increment),
        },
        { size: 50, values: (_chart, splits) => splits.map((v) => numbers.format(v)) },
      ],
    },
    data,
    element,
  );
}
