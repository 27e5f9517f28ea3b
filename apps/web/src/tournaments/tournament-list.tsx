"use client";

import type { TournamentSummary } from "@arena/protocol";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useGameTitle } from "../i18n/use-game-words";
import { formatTimeControl } from "../lib/clock";
import { countdown } from "./format";
import { useWallClock } from "./use-wall-clock";

/** The tournaments the server lists: waiting and running ones, then the latest finished. */
export function TournamentList({ tournaments }: { tournaments: readonly TournamentSummary[] }) {
  const t = useTranslations("tournaments");
  const common = useTranslations("common");
  const titleOf = useGameTitle();
  const now = useWallClock(tournaments.some((x) => x.status === "waiting" && x.startsAt !== null));
  if (tournaments.length === 0) {
    return (
      <p className="muted" data-testid="tournaments-empty">
        {t("none")}
      </p>
    );
  }
  return (
    <div className="table-scroll">
      <table
        className="tournament-table tournament-list"
        aria-label={t("listTitle")}
        data-testid="tournament-list"
      >
        <thead>
          <tr>
            <th>{t("name")}</th>
            <th>{common("game")}</th>
            <th>{t("formatLabel")}</th>
            <th>{t("timeControl")}</th>
            <th>{t("players")}</th>
            <th>{t("statusLabel")}</th>
          </tr>
        </thead>
        <tbody>
          {tournaments.map((x) => {
            const left = x.status === "waiting" && x.startsAt !== null ? countdown(x.startsAt, now) : null;
            return (
              <tr key={x.id} data-testid="tournament-row" data-id={x.id}>
                <td>
                  <Link href={`/tournaments/${encodeURIComponent(x.id)}`}>
                    <bdi dir="auto" data-testid="tournament-name-text">
                      {x.name}
                    </bdi>
                  </Link>
                  {x.invitationOnly && (
                    <span className="muted small" data-testid="tournament-invitation-mark">
                      {" · "}
                      {t("invitationMark")}
                    </span>
                  )}
                </td>
                <td>{titleOf(x.gameId)}</td>
                <td>{t(`format.${x.format}`)}</td>
                <td>{formatTimeControl(x.timeControl)}</td>
                <td>{t("playersOf", { players: x.players, max: x.maxPlayers })}</td>
                <td data-testid="tournament-status">
                  {t(`status.${x.status}`)}
                  {left !== null && <span className="muted"> · {t("startsIn", { left })}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
