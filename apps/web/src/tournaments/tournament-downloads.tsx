"use client";

import { isGameId } from "@arena/engine/registry";
import { exportFormatsOf } from "@arena/match";
import type { TournamentView } from "@arena/protocol";
import { useTranslations } from "next-intl";

/** The files of a tournament's results this page links to, by the server's file name. */
export function tournamentFiles(view: Pick<TournamentView, "gameId" | "crosstable">): string[] {
  const ggf = isGameId(view.gameId) && exportFormatsOf({ gameId: view.gameId }).includes("ggf");
  return [
    "standings.csv",
    ...(view.crosstable === null ? [] : ["crosstable.csv"]),
    ...(ggf ? ["games.ggf", "wof.txt"] : ["games.json"]),
  ];
}

const LABELS: Record<string, string> = {
  "standings.csv": "standings",
  "crosstable.csv": "crosstable",
  "games.ggf": "ggf",
  "wof.txt": "wof",
  "games.json": "json",
};

/**
 * Links to download the results (docs/protocol.md, "Tournaments"): standings and crosstable as CSV, the
 * games as GGF (Othello) or JSON logs, Othello's results as WOF rating-list lines. The server names the file.
 */
export function TournamentDownloads({ view }: { view: TournamentView }) {
  const t = useTranslations("tournamentExports");
  if (view.status === "waiting") return null;
  const href = (file: string) => `/api/tournaments/${encodeURIComponent(view.id)}/${file}`;
  return (
    <div className="downloads" data-testid="tournament-downloads">
      <span className="muted">{t("title")}</span>
      {tournamentFiles(view).map((file) => (
        <a
          key={file}
          className="btn small"
          href={href(file)}
          download
          title={file === "wof.txt" ? t("wofHint") : undefined}
        >
          {t(LABELS[file] ?? "json")}
        </a>
      ))}
    </div>
  );
}
