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
  const { state, lastMove, interactive, hint, flipped = false, premove } = props;
  const view = othelloView(state, squareOf(lastMove));
  const words = useTranslations("games.othello");
  // Flipped: turned half round, h8 at the top left, and the coordinates with it.
  const turn = <T,>(list: readonly T[]): readonly T[] => (flipped ? [...list].reverse() : list);
  return (
    <div className="othello" data-turn={view.turn} data-flipped={flipped ? "true" : undefined}>
      <div className="othello-files" aria-hidden="true">
        {turn(FILES).map((f) => (
          <span key={f}>{f}</span>
        ))}
      </div>
      <div className="othello-ranks" aria-hidden="true">
        {turn(RANKS).map((r) => (
          <span key={r}>{r}</span>
        ))}
      </div>
      <div className="othello-grid" role="grid" aria-label={words("board.label")}>
        {turn(view.rows).map((row, r) => (
          <div role="row" key={r} className="othello-row">
            {turn(row).map((cell) => {
              const playable = interactive && cell.legal;
              const hinted = hint === cell.square;
              // Any empty square may be legal once the opponent has moved: it takes a premove.
              const premovable = premove !== undefined && cell.disc === null;
              const queued = premove?.queued === cell.square;
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
                    data-premove={queued ? "true" : undefined}
                    data-premove-target={premovable ? "true" : undefined}
                    className={`sq${playable ? " playable" : premovable ? " premovable" : ""}${cell.last ? " last" : ""}${hinted ? " hint" : ""}${queued ? " premove" : ""}`}
                    onClick={() => {
                      if (playable) props.onMove(cell.square);
                      else if (premovable) premove.onClick(cell.square);
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
