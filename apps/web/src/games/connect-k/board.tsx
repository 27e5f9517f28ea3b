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
  const { state, interactive, hint } = props;
  const view = connectKView(state);
  const words = useTranslations("games.connect-k");
  const columns = Array.from({ length: view.width }, (_, c) => c);
  return (
    // The column count is a data attribute, not an inline style: the pages' CSP allows no inline styles.
    <div className="connectk" data-cols={view.width}>
      <div className="connectk-drops">
        {columns.map((column) => {
          const open = view.openColumns.has(column);
          return (
            <button
              type="button"
              key={column}
              aria-label={words("board.column", { column: column + 1 })}
              data-open={open ? "true" : undefined}
              data-hint={hint === column ? "true" : undefined}
              className={`ck-drop${interactive && open ? " playable" : ""}${hint === column ? " hint" : ""}`}
              onClick={() => {
                if (interactive && open) props.onMove(column);
              }}
            >
              {column + 1}
            </button>
          );
        })}
      </div>
      <div className="connectk-grid" role="grid" aria-label={words("board.label", { k: view.k })}>
        {view.rows.map((row, r) => (
          <div role="row" key={r} className="ck-row">
            {row.map((cell) => (
              <div
                role="gridcell"
                key={cell.column}
                aria-label={`${cell.column + 1}-${cell.row + 1}`}
                data-owner={cell.owner}
                data-winning={cell.winning ? "true" : undefined}
                className={`ck-cell${cell.winning ? " winning" : ""}${cell.last ? " last" : ""}`}
                onClick={() => {
                  if (interactive && view.openColumns.has(cell.column)) props.onMove(cell.column);
                }}
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
