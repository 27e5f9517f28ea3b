"use client";

import { exportFormatsOf, type MatchModel } from "@arena/match";
import type { ExportFormat } from "@arena/protocol";
import { useTranslations } from "next-intl";

/**
 * Links to download the game (docs/protocol.md, "Downloads"): every format its game has once it is over,
 * the JSON event log while it is live too. The server names the file (Content-Disposition).
 */
export function Downloads({ model }: { model: MatchModel }) {
  const t = useTranslations("roomTools");
  const over = model.status === "finished" || model.status === "aborted";
  if (!over && model.status !== "live") return null;
  const formats: readonly ExportFormat[] = over ? exportFormatsOf(model) : ["json"];
  const href = (format: ExportFormat) =>
    `/api/matches/${encodeURIComponent(model.matchId)}/export?format=${format}`;
  return (
    <div className="downloads" data-testid="downloads">
      <span className="muted">{t("download")}</span>
      {formats.map((format) => (
        <a key={format} className="btn small" href={href(format)} download title={t(`format.${format}`)}>
          {/* A format's own name reads the same in every language; the transcript is words. */}
          {format === "txt" ? t("transcript") : format.toUpperCase()}
        </a>
      ))}
    </div>
  );
}
