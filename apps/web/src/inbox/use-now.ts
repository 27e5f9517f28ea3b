"use client";

import { useEffect, useState } from "react";

/**
 * Local time (`performance.now()`), again every `everyMs` while `active`: a pushed clock shown ticking. This
 * redraws; it asks the server nothing.
 */
export function useNow(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return;
    setNow(performance.now());
    const timer = setInterval(() => setNow(performance.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
