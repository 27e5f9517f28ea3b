"use client";

import { deadlinesOf, onVacation } from "@arena/match";
import type { ClockState, TimeControl } from "@arena/protocol";
import { isCorrespondence } from "@arena/protocol/values";
import { useLocale, useTranslations } from "next-intl";

/**
 * Under a correspondence seat's clock (docs/web.md, "Correspondence"): "On vacation" while its clock stands
 * still, and for the seat to move the local date and time its move is due by (the snapshot's deadline,
 * kept current from the folded clock by the same `deadlinesOf` the server uses).
 */
export function CorrespondenceLine({
  timeControl,
  clock,
  seat,
  live,
  offset,
  label,
}: {
  timeControl: TimeControl;
  clock: ClockState;
  seat: number;
  live: boolean;
  /** Server time − local time. */
  offset: number;
  label: string;
}) {
  const t = useTranslations("clock");
  const locale = useLocale();
  if (!isCorrespondence(timeControl) || !live) return null;
  if (onVacation(clock, seat)) {
    return (
      <span className="seat-vacation" data-testid={`vacation-${seat}`}>
        {t("vacation")}
      </span>
    );
  }
  const deadline = deadlinesOf(clock, clock.remainingMs.length)[seat] ?? null;
  if (deadline === null) return null;
  const local = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
    deadline - offset,
  );
  return (
    <span className="move-by" data-testid={`move-by-${seat}`} aria-label={t("moveByLabel", { seat: label })}>
      {t("moveBy", { date: local })}
    </span>
  );
}
