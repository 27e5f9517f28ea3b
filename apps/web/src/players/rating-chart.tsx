"use client";

import type { RatingPoint } from "@arena/protocol";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { ratingRange, timeRange } from "./chart-range";

/**
 * A pool's rating after each rated game, drawn with uPlot (docs/web.md, "Profiles"): a small canvas
 * chart library (~50 KB, no dependencies), bundled from npm like everything else.
 */
export function RatingChart({ points, label }: { points: readonly RatingPoint[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (element === null || points.length === 0) return;
    const times = points.map((p) => p.at / 1000);
    const data: uPlot.AlignedData = [times, points.map((p) => p.rating)];
    const [first = 0, last = 0] = [times[0], times[times.length - 1]];
    const chart = new uPlot(
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
        series: [{}, { label, stroke: "#3b82f6", width: 2, points: { show: true } }],
        axes: [{}, { size: 50 }],
      },
      data,
      element,
    );
    return () => chart.destroy();
  }, [points, label]);
  return <div ref={box} className="rating-chart" data-testid="rating-chart" />;
}
