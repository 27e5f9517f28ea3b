"use client";

import type { ClockState } from "@arena/protocol";
import { useEffect, useRef, useState } from "react";
import { formatClock, isUrgent, remainingAt } from "../lib/clock";
import { playSound } from "../lib/sound";

export interface SeatClockProps {
  readonly clock: ClockState;
  readonly seat: number;
  /** Server time − local time. */
  readonly offset: number;
  readonly live: boolean;
  readonly label: string;
  /** The viewer's own clock: it beeps once when it turns urgent. */
  readonly mine: boolean;
  /** Called once when the running clock reaches zero (any client may report a flag). */
  readonly onFlag: () => void;
}

/**
 * One seat's clock, counting down every animation frame from the server's
 * last clock value. Only this small component re-renders, and only when the
 * text it shows changes.
 */
export function SeatClock({ clock, seat, offset, live, label, mine, onFlag }: SeatClockProps) {
  const running = live && clock.running === seat && clock.runningSince !== null;
  const [ms, setMs] = useState(() => remainingAt(clock, seat, Date.now() + offset));
  const warned = useRef(false);
  const flagged = useRef<ClockState | null>(null);

  useEffect(() => {
    const compute = () => remainingAt(clock, seat, Date.now() + offset);
    setMs(compute());
    if (!running) return;
    let frame = requestAnimationFrame(function tick() {
      const next = compute();
      setMs((prev) => (formatClock(prev) === formatClock(next) && prev > 0 === next > 0 ? prev : next));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [clock, seat, offset, running]);

  useEffect(() => {
    if (mine && running && isUrgent(ms) && !warned.current) {
      warned.current = true;
      playSound("low-time");
    }
  }, [mine, running, ms]);

  const out = running && ms <= 0;
  useEffect(() => {
    if (!out || flagged.current === clock) return;
    flagged.current = clock;
    const timer = setTimeout(onFlag, 300);
    return () => clearTimeout(timer);
  }, [out, clock, onFlag]);

  return (
    <span
      className={`clock${running ? " running" : ""}${isUrgent(ms) ? " urgent" : ""}`}
      data-testid={`clock-${seat}`}
      role="timer"
      aria-label={`${label} clock`}
    >
      {formatClock(ms)}
    </span>
  );
}
