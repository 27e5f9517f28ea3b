"use client";

import type { TournamentStanding, TournamentView } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { PlayerName } from "../ui/player-name";
import { pointsText, tieBreakNames, tieBreakText } from "./format";

/** An entrant's name with its kind: AI and bot entrants are marked, people with accounts as everywhere. */
export function EntrantName({ standing }: { standing: Pick<TournamentStanding, "name" | "kind"> }) {
  const t = useTranslations("tournaments");
  return (
    <>
      <PlayerName label={{ name: standing.name, tag: null }} />
      {standing.kind !== "human" && (
        <span className="entrant-kind" data-testid={`kind-${standing.kind}`}>
          {" "}
          {t(`kind.${standing.kind}`)}
        </span>
      )}
    </>
  );
}

/** The standings, best first: points, each tie-break by its name, games; marks for streaks and leavers. */
export function Standings({
  view,
  onRemove,
}: {
  view: TournamentView;
  /** The creator's "remove" for an entrant still in; absent for everyone else. */
  onRemove?: ((entrant: string) => void) | undefined;
}) {
  const t = useTranslations("tournaments");
  const names = tieBreakNames(view.standings);
  if (view.standings.length === 0) return <p className="muted">{t("noEntrants")}</p>;
  return (
    <div className="table-scroll">
      <table className="tournament-table standings" aria-label={t("standings")} data-testid="standings">
        <thead>
          <tr>
            <th>#</th>
            <th>{t("player")}</th>
            <th>{t("points")}</th>
            {names.map((name) => (
              <th key={name} data-testid="tie-break">
                {t.has(`tieBreak.${name}`) ? t(`tieBreak.${name}`) : name}
              </th>
            ))}
            <th>{t("games")}</th>
            {onRemove !== undefined && <th aria-label={t("remove")} />}
          </tr>
        </thead>
        <tbody>
          {view.standings.map((s) => (
            <tr
              key={s.entrant}
              data-testid="standing"
              data-entrant={s.entrant}
              className={s.withdrawn ? "withdrawn" : undefined}
            >
              <td>{s.rank}</td>
              <td>
                <EntrantName standing={s} />
                {s.onFire && (
                  <span className="on-fire" title={t("onFire")} data-testid="on-fire">
                    {" "}
                    {t("onFireMark")}
                  </span>
                )}
                {s.withdrawn && <span className="muted small"> · {t("withdrawn")}</span>}
                {s.paused && !s.withdrawn && <span className="muted small"> · {t("paused")}</span>}
              </td>
              <td data-testid="standing-points">{pointsText(s.points)}</td>
              {names.map((name) => {
                const value = s.tieBreaks.find((b) => b.name === name)?.value;
                return <td key={name}>{value === undefined ? "" : tieBreakText(value)}</td>;
              })}
              <td data-testid="standing-games">{s.games}</td>
              {onRemove !== undefined && (
                <td>
                  {!s.withdrawn && (
                    <button
                      type="button"
                      className="btn small"
                      data-testid="remove-entrant"
                      onClick={() => onRemove(s.entrant)}
                    >
                      {t("remove")}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
