"use client";

import { useLocale, useTranslations } from "next-intl";
import type { ConnectKState } from "@arena/engine/games/connect-k/index";
import type { BoardProps } from "../web-game";
import "../board-cursor.css";
import { cancelPremove } from "../board-cursor";
import { useBoardCursor } from "../use-board-cursor";
import "./connect-k.css";
import { connectKColumnLabel, connectKView } from "./view";

/**
 * Columns of a gravity board; clicking a column drops a disc if the engine lists it as open. The last
 * disc is marked from the state itself.
 */
export function ConnectKBoard(props: BoardProps<ConnectKState, number>) {
  const { state, interactive, hint, flipped = false, premove } = props;
  const view = connectKView(state);
  const words = useTranslations("games.connect-k");
  // Flipped: mirrored left to right (gravity keeps the bottom down), the column numbers with it.
  const turn = <T,>(list: readonly T[]): readonly T[] => (flipped ? [...list].reverse() : list);
  const columns = turn(Array.from({ length: view.width }, (_, c) => c));
  const locale = useLocale();
  const list = (names: string[]) =>
    new Intl.ListFormat(locale, { type: "unit", style: "short" }).format(names);
  // The keyboard walks the column buttons; it starts in the middle column.
  const keys = useBoardCursor({
    rows: [columns],
    start: Math.floor((view.width - 1) / 2),
    onEscape: cancelPremove(premove),
  });
  // A column not yet full may be legal once the opponent has moved: it takes a premove.
  const click = (column: number) => {
    if (!view.openColumns.has(column)) return;
    if (interactive) props.onMove(column);
    else premove?.onClick(column);
  };
  return (
    // The column count is a data attribute, not an inline style: the pages' CSP allows no inline styles.
    // One grid: the row of column buttons (the keyboard's, one Tab stop) over the rows of cells.
    <div
      className="connectk"
      role="grid"
      aria-label={words("board.label", { k: view.k })}
      data-cols={view.width}
      data-flipped={flipped ? "true" : undefined}
      data-board-cursor=""
      onKeyDown={keys.onKeyDown}
    >
      <div className="connectk-drops" role="row">
        {columns.map((column) => {
          const open = view.openColumns.has(column);
          const queued = premove?.queued === column;
          const premovable = premove !== undefined && open;
          const atCursor = keys.cursor === column;
          return (
            <div role="gridcell" key={column} className="ck-drop-cell">
              <button
                type="button"
                aria-label={connectKColumnLabel(view, column, interactive && open, words, list)}
                tabIndex={atCursor ? 0 : -1}
                data-cursor={atCursor ? "true" : undefined}
                data-column={column + 1}
                onFocus={() => keys.focusAt(column)}
                data-open={open ? "true" : undefined}
                data-hint={hint === column ? "true" : undefined}
                data-premove={queued ? "true" : undefined}
                data-premove-target={premovable ? "true" : undefined}
                className={`ck-drop${interactive && open ? " playable" : premovable ? " premovable" : ""}${hint === column ? " hint" : ""}${queued ? " premove" : ""}`}
                onClick={() => click(column)}
              >
                {column + 1}
              </button>
            </div>
          );
        })}
      </div>
      <div className="connectk-grid">
        {view.rows.map((row, r) => (
          <div role="row" key={r} className="ck-row">
            {turn(row).map((cell) => (
              <div
                role="gridcell"
                key={cell.column}
                aria-label={`${cell.column + 1}-${cell.row + 1}`}
                data-owner={cell.owner}
                data-winning={cell.winning ? "true" : undefined}
                data-premove-target={
                  premove !== undefined && view.openColumns.has(cell.column) ? "true" : undefined
                }
                className={`ck-cell${cell.winning ? " winning" : ""}${cell.last ? " last" : ""}${premove?.queued === cell.column ? " premove" : ""}`}
                onClick={() => click(cell.column)}
              >
                {cell.owner >= 0 && <span className={`ck-disc seat-${cell.owner}`} />}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
