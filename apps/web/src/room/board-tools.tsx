"use client";

import { useTranslations } from "next-intl";

export interface BoardToolsProps {
  readonly flipped: boolean;
  readonly onFlip: () => void;
  /** The ply shown while stepping through the moves, or null on the live position. */
  readonly replay: number | null;
  readonly total: number;
  readonly onLive: () => void;
  /** The queued premove in the game's notation, or null. */
  readonly premove: string | null;
  /** A premove dropped because it was no longer legal on the viewer's turn, until the next click. */
  readonly dropped: string | null;
}

/** Under the board: flip, where the replay stands (and the way back to live), and the premove's state. */
export function BoardTools({ flipped, onFlip, replay, total, onLive, premove, dropped }: BoardToolsProps) {
  const t = useTranslations("roomTools");
  return (
    <div className="board-tools">
      <button
        type="button"
        className="btn small"
        aria-pressed={flipped}
        title={t("flipKey")}
        onClick={onFlip}
        data-testid="flip-board"
      >
        {t("flip")}
      </button>
      {replay !== null && (
        <span className="replaying" data-testid="replaying">
          {t("replaying", { ply: replay, total })}{" "}
          <button type="button" className="btn small" title={t("liveKey")} onClick={onLive}>
            {t("backToLive")}
          </button>
        </span>
      )}
      {premove !== null && (
        <span className="premove-note" data-testid="premove">
          {t("premove", { move: premove })}
        </span>
      )}
      {dropped !== null && premove === null && (
        <span className="premove-note dropped" role="status" data-testid="premove-dropped">
          {t("premoveDropped", { move: dropped })}
        </span>
      )}
    </div>
  );
}
