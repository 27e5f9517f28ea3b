"use client";

import type { Othello } from "../games/engines";
import { FILES, RANKS, othelloView } from "./othello-view";

export interface OthelloBoardProps {
  readonly state: Othello.OthelloState;
  readonly lastMove: number | null;
  /** Whether clicks play moves (the viewer holds the seat to move and the game is live). */
  readonly interactive: boolean;
  readonly showLegal?: boolean;
  readonly onMove?: (square: number) => void;
}

/** The 8×8 board over a headless engine state. Legal squares come from the engine. */
export function OthelloBoard({ state, lastMove, interactive, showLegal = true, onMove }: OthelloBoardProps) {
  const view = othelloView(state, lastMove);
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
      <div className="othello-grid" role="grid" aria-label="Othello board">
        {view.rows.map((row, r) => (
          <div role="row" key={r} className="othello-row">
            {row.map((cell) => {
              const playable = interactive && cell.legal;
              return (
                <div role="gridcell" key={cell.square} className="othello-cell">
                  <button
                    type="button"
                    aria-label={cell.name}
                    title={cell.disc === null ? cell.name : `${cell.name}: ${cell.disc}`}
                    data-square={cell.name}
                    data-disc={cell.disc ?? "empty"}
                    data-legal={cell.legal ? "true" : undefined}
                    data-last={cell.last ? "true" : undefined}
                    className={`sq${playable ? " playable" : ""}${cell.last ? " last" : ""}`}
                    onClick={() => {
                      if (playable) onMove?.(cell.square);
                    }}
                  >
                    {cell.disc !== null && <span key={cell.disc} className={`disc ${cell.disc}`} />}
                    {cell.disc === null && cell.legal && showLegal && interactive && <span className="dot" />}
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
