"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { claimOpensAt, formatWait } from "./claim-wait";
import type { RoomView } from "./room-view";

/**
 * "You can claim the win in 0:23" while an opponent is offline but not yet gone (docs/clocks.md §6). It
 * counts down locally to the deadline the server pushed with the presence; the server's own push of
 * "gone" then brings the claim button.
 */
export function ClaimCountdown({ view, offset }: { view: RoomView; offset: number }) {
  const t = useTranslations("claimCountdown");
  const opensAt = claimOpensAt(view.seats, view.mine);
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    if (opensAt === null) return;
    setNow(Date.now() + offset);
    // A redraw each quarter second of the local clock: no request to the server.
    const timer = setInterval(() => setNow(Date.now() + offset), 250);
    return () => clearInterval(timer);
  }, [opensAt, offset]);
  if (opensAt === null) return null;
  return (
    <p className="claim-countdown" role="status" data-testid="claim-countdown">
      {t("wait", { time: formatWait(opensAt - now) })}
    </p>
  );
}
