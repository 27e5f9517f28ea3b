"use client";

import { useEffect, useState } from "react";

/**
 * The wall clock (`Date.now()`, comparable to the server's `startsAt`), again every second while `active`:
 * a countdown shown ticking. This redraws; it asks the server nothing.
 */
export function useWallClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
