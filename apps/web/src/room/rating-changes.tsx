"use client";

import type { RatingChange, SeatView } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { changeLabel, fetchMatchRatings } from "../net/players-api";
import { occupantText } from "./room-model";

/** Rated games have two accounts, whose names are unique: no short ids are needed to tell them apart. */
const NO_TAGS: ReadonlyMap<string, string> = new Map();

/** How long the result screen keeps asking for a rated game's changes (they are recorded just after its end). */
const ATTEMPTS = 20;
const RETRY_MS = 300;

/**
 * Each player's rating change under the result of a rated game ("Ada 1500 → 1662 (+162)"), fetched by
 * match id (`GET /api/matches/<id>/ratings`: docs/protocol.md, "Ratings").
 */
export function RatingChanges({ matchId, seats }: { matchId: string; seats: readonly SeatView[] }) {
  const seatWords = useTranslations("seats");
  const [changes, setChanges] = useState<readonly RatingChange[] | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (left: number) => {
      void fetchMatchRatings(matchId).then((answer) => {
        if (!live) return;
        if (answer.ok && answer.changes.length > 0) setChanges(answer.changes);
        else if (left > 1) timer = setTimeout(() => ask(left - 1), RETRY_MS);
      });
    };
    ask(ATTEMPTS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [matchId]);
  if (changes === null) return null;
  return (
    <ul className="rating-changes" data-testid="rating-changes">
      {changes.map((change) => (
        <li key={change.seat} data-testid={`rating-change-${change.seat}`}>
          {occupantText(
            seats.find((s) => s.seat === change.seat),
            NO_TAGS,
            seatWords,
          )}{" "}
          {change.before} → {change.after}{" "}
          <strong className={change.after >= change.before ? "gain" : "loss"}>
            ({changeLabel(change.before, change.after)})
          </strong>
        </li>
      ))}
    </ul>
  );
}
