"use client";

import { useTranslations } from "next-intl";
import type { MoveClass } from "../analysis/classes";
import { useGameWords } from "../i18n/use-game-words";
import type { RoomView } from "./room-view";
import { moveRows, replayTarget } from "./move-rows";

export interface MoveListProps {
  readonly view: RoomView;
  /** The ply being replayed, or null for the live position. */
  readonly replay: number | null;
  readonly setReplay: (ply: number | null) => void;
  /** Per move, the analysis's mark and class (docs/analysis.md), once a finished game is analysed. */
  readonly marks?: readonly { readonly text: string | null; readonly moveClass: MoveClass }[];
}

/** The moves in the game's notation, numbered in rows; clicking one, or the arrows, replays the game. */
export function MoveList({ view, replay, setReplay, marks }: MoveListProps) {
  const { model, web } = view;
  const t = useTranslations("moves");
  const tournaments = useTranslations("tournaments");
  const words = useGameWords(model.gameId);
  const total = model.moves.length;
  const perRow = web.movesPerRow;
  const current = replay ?? total;
  // Replay folds from the start position, which the server sends once the game has started.
  const canReplay = model.start !== null;
  const go = (ply: number) => setReplay(replayTarget(ply, total));
  return (
    <div className="moves">
      <h2>
        {t("title")} <span className="muted">({total})</span>
      </h2>
      {model.opening.length > 0 && (
        // A tournament pair's opening, played before the start: the list begins after it.
        <p className="muted" data-testid="preplayed-opening">
          {tournaments("pairs.preplayed", { moves: model.opening.join(" ") })}
        </p>
      )}
      <ol className="move-list" aria-label={t("list")} data-testid="move-list">
        {moveRows(total, perRow).map((row) => (
          <li key={row.number}>
            <span className="move-no">{row.number}.</span>
            {row.plies.map((ply) => {
              const move = model.moves.at(ply - 1);
              const seatName = web.seatName(move?.seat ?? 0, words);
              const text = move?.move ?? "";
              const mark = marks?.[ply - 1];
              return (
                <button
                  type="button"
                  key={ply}
                  className={`move${ply === current ? " current" : ""}${text === "PA" || text === "pass" ? " pass" : ""}`}
                  disabled={!canReplay}
                  onClick={() => go(ply)}
                  title={seatName}
                  data-class={mark?.moveClass}
                >
                  {perRow === 1 ? `${seatName}: ${text}` : text}
                  {mark !== undefined && mark.text !== null && (
                    <span className={`mark ${mark.moveClass}`} data-testid="move-mark">
                      {mark.text}
                    </span>
                  )}
                </button>
              );
            })}
          </li>
        ))}
      </ol>
      {canReplay && total > 0 && (
        <div className="replay" role="group" aria-label={t("replay")}>
          <button type="button" className="btn small" aria-label={t("first")} onClick={() => go(0)}>
            «
          </button>
          <button
            type="button"
            className="btn small"
            aria-label={t("previous")}
            onClick={() => go(current - 1)}
          >
            ‹
          </button>
          <span className="muted" data-testid="replay-ply">
            {current}/{total}
          </span>
          <button type="button" className="btn small" aria-label={t("next")} onClick={() => go(current + 1)}>
            ›
          </button>
          <button type="button" className="btn small" aria-label={t("last")} onClick={() => go(total)}>
            »
          </button>
        </div>
      )}
    </div>
  );
}
