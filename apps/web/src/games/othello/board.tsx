"use client";

import * as Othello from "@arena/engine/games/othello/index";
import { useTranslations } from "next-intl";
import type { BoardProps } from "../web-game";
import "../board-cursor.css";
import { cancelPremove, startOfCursor } from "../board-cursor";
import { useBoardCursor } from "../use-board-cursor";
import "./othello.css";
import { FILES, RANKS, othelloSquareLabel, othelloView } from "./view";

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
  const rows = turn(view.rows).map((row) => turn(row));
  // The keyboard's cursor starts on a square the viewer may play, else the last move, else d4.
  const firstLegal = interactive ? view.rows.flat().find((cell) => cell.legal)?.square : undefined;
  const keys = useBoardCursor({
    rows: rows.map((row) => row.map((cell) => cell.square)),
    start: startOfCursor([firstLegal, squareOf(lastMove)], 27),
    onEscape: cancelPremove(premove),
  });
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
      <div
        className="othello-grid"
        role="grid"
        aria-label={words("board.label")}
        data-board-cursor=""
        onKeyDown={keys.onKeyDown}
      >
        {rows.map((row, r) => (
          <div role="row" key={r} className="othello-row">
            {row.map((cell) => {
              const playable = interactive && cell.legal;
              const hinted = hint === cell.square;
              // Any empty square may be legal once the opponent has moved: it takes a premove.
              const premovable = premove !== undefined && cell.disc === null;
              const queued = premove?.queued === cell.square;
              const label = othelloSquareLabel(cell, interactive, words);
              const atCursor = keys.cursor === cell.square;
              return (
                <div role="gridcell" key={cell.square} className="othello-cell">
                  <button
                    type="button"
                    aria-label={label}
                    title={label}
                    tabIndex={atCursor ? 0 : -1}
                    data-cursor={atCursor ? "true" : undefined}
                    onFocus={() => keys.focusAt(cell.square)}
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
