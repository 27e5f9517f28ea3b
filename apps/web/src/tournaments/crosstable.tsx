"use client";

import type { TournamentCrosstable, TournamentStanding } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { PlayerName } from "../ui/player-name";
import { crosstableRows, pointsText } from "./format";

/** The crosstable (round-robin, swiss): each row's results against each column, in the standings' order. */
export function Crosstable({
  table,
  standings,
}: {
  table: TournamentCrosstable;
  standings: readonly TournamentStanding[];
}) {
  const t = useTranslations("tournaments");
  const rows = crosstableRows(table, standings);
  return (
    <div className="table-scroll">
      <table className="tournament-table crosstable" aria-label={t("crosstable")} data-testid="crosstable">
        <thead>
          <tr>
            <th>#</th>
            <th>{t("player")}</th>
            {rows.map((row) => (
              <th key={row.entrant}>{row.rank}</th>
            ))}
            <th>{t("points")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.entrant} data-testid="crosstable-row" data-entrant={row.entrant}>
              <td>{row.rank}</td>
              <td>
                <PlayerName label={{ name: row.name, tag: null }} />
              </td>
              {row.cells.map((cell, i) => (
                <td key={i} className={cell === "self" ? "self" : undefined} data-testid="crosstable-cell">
                  {cell === "self" ? "" : (cell ?? "")}
                </td>
              ))}
              <td>{pointsText(row.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
