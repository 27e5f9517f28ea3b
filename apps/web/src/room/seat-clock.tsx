"use client";

import type { ClockState } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { playSound } from "../lib/sound";
import { isCounting, sameView, seatClockView } from "./clock-view";

export interface SeatClockProps {
  readonly clock: ClockState;
  readonly seat: number;
  /** Server time − local time. */
  readonly offset: number;
  readonly live: boolean;
  readonly label: string;
  /** The viewer's own clock: it beeps once when it turns urgent. */
  readonly mine: boolean;
  /**
   * Called once when the running clock reaches zero or the first-move window closes: any client may
   * report it (the server's own timer decides too).
   */
  readonly onFlag: () => void;
}

/**
 * One seat's clock and, before the seat's first move, its first-move countdown; redrawn every animation
 * frame from the server's last clock value while either counts, and re-rendered only when the text it
 * shows changes.
 */
export function SeatClock({ clock, seat, offset, live, label, mine, onFlag }: SeatClockProps) {
  const t = useTranslations("clock");
  const [view, setView] = useState(() => seatClockView(clock, seat, live, Date.now() + offset));
  const warned = useRef(false);
  const reported = useRef<ClockState | null>(null);

  useEffect(() => {
    const compute = () => seatClockView(clock, seat, live, Date.now() + offset);
    const first = compute();
    setView(first);
    if (!isCounting(first)) return;
    let frame = requestAnimationFrame(function tick() {
      const next = compute();
      setView((prev) => (sameView(prev, next) ? prev : next));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [clock, seat, offset, live]);

  useEffect(() => {
    if (mine && view.ticking && view.urgent && !warned.current) {
      warned.current = true;
      playSound("low-time");
    }
  }, [mine, view]);

  const due = view.out || view.firstMove?.over === true;
  useEffect(() => {
    if (!due || reported.current === clock) return;
    reported.current = clock;
    const timer = setTimeout(onFlag, 300);
    return () => clearTimeout(timer);
  }, [due, clock, onFlag]);

  return (
    <span className="seat-clock">
      {view.firstMove !== null && (
        <span
          className={`first-move${view.firstMove.urgent ? " urgent" : ""}`}
          data-testid={`first-move-${seat}`}
          role="timer"
          aria-label={t("firstMoveLabel", { seat: label })}
          title={t("firstMoveHint")}
        >
          {t("firstMove", { time: view.firstMove.text })}
        </span>
      )}
      <span
        className={`clock${view.ticking ? " running" : ""}${view.urgent ? " urgent" : ""}`}
        data-testid={`clock-${seat}`}
        role="timer"
        aria-label={t("label", { seat: label })}
      >
        {view.text}
      </span>
    </span>
  );
}
