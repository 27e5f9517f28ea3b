"use client";

import * as Othello from "@arena/engine/games/othello/index";
import { useTranslations } from "next-intl";
import type { BoardProps } from "../web-game";
import "./othello.css";
import { FILES, RANKS, othelloView } from "./view";

/** The square a move in notation names, or null for a pass or anything unreadable. */
function squareOf(move: string | null): number | null {
  const square = move === null ? -1 : Othello.parseSquare(move);
  return square >= 0 && square !== Othello.PASS ? square : null;
}

/** The 8×8 board over a headless engine state. Legal squares come from the engine. */
export function OthelloBoard(props: BoardProps<Othello.OthelloState, number>) {
  const { state, lastMove, interactive, hint } = props;
  const view = othelloView(state, squareOf(lastMove));
  const words = useTranslations("games.othello");
  return (
    <div className="othello" data-turn={view.turn}>
      <div className="othello-files" aria-hidden="true">
        {FILES.map((f) => (
          <span key={f}>{f}</span>
        ))}
      </div>
      <div className="othello-ranks" aria-hidden="true">
        {RANKS.map((r) => (
          <span key={r}>{r}</span>
        ))}
      </div>
      <div className="othello-grid" role="grid" aria-label={words("board.label")}>
        {view.rows.map((row, r) => (
          <div role="row" key={r} className="othello-row">
            {row.map((cell) => {
              const playable = interactive && cell.legal;
              const hinted = hint === cell.square;
              return (
                <div role="gridcell" key={cell.square} className="othello-cell">
                  <button
                    type="button"
                    aria-label={cell.name}
                    title={words("board.square", { square: cell.name, disc: cell.disc ?? "none" })}
                    data-square={cell.name}
                    data-disc={cell.disc ?? "empty"}
                    data-legal={cell.legal ? "true" : undefined}
                    data-last={cell.last ? "true" : undefined}
                    data-hint={hinted ? "true" : undefined}
                    className={`sq${playable ? " playable" : ""}${cell.last ? " last" : ""}${hinted ? " hint" : ""}`}
                    onClick={() => {
                      if (playable) props.onMove(cell.square);
                    }}
                  >
                    {cell.disc !== null && <span key={cell.disc} className={`disc ${cell.disc}`} />}
                    {cell.disc === null && cell.legal && interactive && <span className="dot" />}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
