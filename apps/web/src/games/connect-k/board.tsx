"use client";

import { useTranslations } from "next-intl";
import type { ConnectKState } from "@arena/engine/games/connect-k/index";
import type { BoardProps } from "../web-game";
import "./connect-k.css";
import { connectKView } from "./view";

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
  // A column not yet full may be legal once the opponent has moved: it takes a premove.
  const click = (column: number) => {
    if (!view.openColumns.has(column)) return;
    if (interactive) props.onMove(column);
    else premove?.onClick(column);
  };
  return (
    // The column count is a data attribute, not an inline style: the pages' CSP allows no inline styles.
    <div className="connectk" data-cols={view.width} data-flipped={flipped ? "true" : undefined}>
      <div className="connectk-drops">
        {columns.map((column) => {
          const open = view.openColumns.has(column);
          const queued = premove?.queued === column;
          const premovable = premove !== undefined && open;
          return (
            <button
              type="button"
              key={column}
              aria-label={words("board.column", { column: column + 1 })}
              data-open={open ? "true" : undefined}
              data-hint={hint === column ? "true" : undefined}
              data-premove={queued ? "true" : undefined}
              data-premove-target={premovable ? "true" : undefined}
              className={`ck-drop${interactive && open ? " playable" : premovable ? " premovable" : ""}${hint === column ? " hint" : ""}${queued ? " premove" : ""}`}
              onClick={() => click(column)}
            >
              {column + 1}
            </button>
          );
        })}
      </div>
      <div className="connectk-grid" role="grid" aria-label={words("board.label", { k: view.k })}>
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
