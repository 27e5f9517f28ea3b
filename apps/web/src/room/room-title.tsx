"use client";

import type { MatchModel } from "@arena/match";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useGameTitle, useGameWords } from "../i18n/use-game-words";
import { formatTimeControl } from "../lib/clock";

/** The room's heading: the game, its time control and terms, the viewers, the rules' page. */
export function RoomTitle({ model, viewers }: { model: MatchModel; viewers: number }) {
  const t = useTranslations("room");
  const common = useTranslations("common");
  const titleOf = useGameTitle();
  const words = useGameWords(model.gameId);
  // A start the host chose is shown from the moment the room exists, before anyone sits (issue 26).
  const chosenStart = model.game.chosenStart?.(model.options) ?? null;
  return (
    <div className="room-title">
      <h1>{titleOf(model.gameId, model.options)}</h1>
      <span className="muted">
        {formatTimeControl(model.timeControl)} · {model.rated ? `${common("rated")} · ` : ""}
        {model.visibility === "public" ? t("public") : t("linkOnly")} ·{" "}
        <span data-testid="viewers">{t("viewers", { count: viewers })}</span> ·{" "}
        <Link href={`/how-to-play/${encodeURIComponent(model.gameId)}`} data-testid="room-how-to-play">
          {t("howToPlay", { game: words("title") })}
        </Link>
      </span>
      {chosenStart !== null && (
        <p className="muted" data-testid="room-start">
          {common("chosenStart", { start: chosenStart })}
        </p>
      )}
    </div>
  );
}
