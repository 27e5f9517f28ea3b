"use client";

import type { PuzzleHistory } from "@arena/protocol";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { failureText } from "../i18n/errors";
import { fetchPuzzleHistory } from "../net/puzzles-api";
import { RatingChart } from "../players/rating-chart";
import { chartPointsOf } from "./history-points";

/**
 * An account's puzzle history in one game: its rating, the rating chart (the profile's), and its recent
 * attempts. Read again whenever `refresh` names a newly finished puzzle.
 */
export function PuzzleHistoryPanel({
  gameId,
  token,
  refresh,
}: {
  gameId: string;
  token: string;
  refresh: string | null | undefined;
}) {
  const t = useTranslations("puzzles");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [history, setHistory] = useState<PuzzleHistory | { ok: false; code: string; message: string } | null>(
    null,
  );
  useEffect(() => {
    let gone = false;
    void fetchPuzzleHistory(gameId, token).then((answer) => {
      if (!gone) setHistory(answer);
    });
    return () => {
      gone = true;
    };
  }, [gameId, token, refresh]);
  const points = useMemo(() => (history?.ok === true ? chartPointsOf(history) : []), [history]);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section
      className="panel puzzle-history"
      aria-labelledby="puzzle-history-title"
      data-testid="puzzle-history"
      data-state={history === null ? "loading" : history.ok ? "ready" : "failed"}
    >
      <h2 id="puzzle-history-title">{t("history")}</h2>
      {history === null && <p className="muted">{t("loading")}</p>}
      {history?.ok === false && <p className="error">{failureText(errors, locale, history)}</p>}
      {history?.ok === true && (
        <>
          <p data-testid="puzzle-history-rating" data-rating={history.player.rating}>
            {t("historyRating", {
              rating: `${history.player.rating}${history.player.provisional ? "?" : ""}`,
              count: history.player.attempts,
            })}
          </p>
          {points.length > 0 && (
            <RatingChart points={points} label={t("chartLabel")} timeLabel={t("chartTime")} locale={locale} />
          )}
          {history.attempts.length === 0 ? (
            <p className="muted">{t("historyNone")}</p>
          ) : (
            <table className="puzzle-attempts">
              <thead>
                <tr>
                  <th scope="col">{t("when")}</th>
                  <th scope="col">{t("outcome")}</th>
                  <th scope="col">{t("puzzleRating")}</th>
                  <th scope="col">{t("ratingAfter")}</th>
                </tr>
              </thead>
              <tbody>
                {history.attempts.map((entry) => (
                  <tr
                    key={`${entry.puzzleId}-${entry.at}`}
                    data-testid="puzzle-attempt"
                    data-correct={entry.correct}
                  >
                    <td>{dates.format(entry.at)}</td>
                    <td>{entry.correct ? t("attemptSolved") : t("attemptFailed")}</td>
                    <td>{entry.puzzleRating}</td>
                    <td>{entry.rating ?? t("unratedShort")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
