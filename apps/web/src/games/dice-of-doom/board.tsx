"use client";

import { useTranslations } from "next-intl";
import { Fragment, useState } from "react";
import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import type { BoardProps } from "../web-game";
import "../board-cursor.css";
import { startOfCursor } from "../board-cursor";
import { useBoardCursor } from "../use-board-cursor";
import "./dice-of-doom.css";
import { type DiceHex, diceHexLabel, diceView, hexPoints, hexRows } from "./view";

/** The hex board: select one of your hexes, then a highlighted target; "End turn" passes. */
export function DiceBoard(props: BoardProps<DiceOfDoom.DiceOfDoomState, number>) {
  const { state, interactive, viewerSeat, hint, flipped = false } = props;
  // The analysis's best move: an attack's two hexes (ending the turn shows no hex).
  const hinted =
    hint === undefined || hint === null || hint === DiceOfDoom.PASS
      ? new Map<number, string>()
      : new Map([
          [DiceOfDoom.attackSource(hint, state.size), "from"],
          [DiceOfDoom.attackTarget(hint, state.size), "to"],
        ]);
  const [selected, setSelected] = useState<number | null>(null);
  const shown = diceView(state, interactive ? selected : null);
  // Flipped: turned half round about the board's centre (a hexagon is its own half turn).
  const view = flipped
    ? {
        ...shown,
        hexes: shown.hexes.map((hex) => {
          const cx = shown.width - hex.cx;
          const cy = shown.height - hex.cy;
          return { ...hex, cx, cy, points: hexPoints(cx, cy) };
        }),
      }
    : shown;
  const words = useTranslations("games.dice-of-doom");
  // The keyboard walks the hexes as drawn; it starts on the selected hex, else one that can attack.
  const rows = hexRows(state.size, flipped);
  const keys = useBoardCursor({
    rows,
    start: startOfCursor(
      [interactive ? selected : null, shown.hexes.find((hex) => interactive && hex.source)?.pos],
      0,
    ),
    onEscape: () => setSelected(null),
  });
  const byPos = new Map(view.hexes.map((hex) => [hex.pos, hex]));
  const click = (pos: number, source: boolean, target: boolean) => {
    if (!interactive) return;
    if (selected !== null && target) {
      props.onMove(DiceOfDoom.attackMove(selected, pos, state.size));
      setSelected(null);
    } else if (source && selected !== pos) setSelected(pos);
    else setSelected(null);
  };
  const hexButton = (hex: DiceHex) => (
    <g
      key={hex.pos}
      role="button"
      tabIndex={keys.cursor === hex.pos ? 0 : -1}
      data-cursor={keys.cursor === hex.pos ? "true" : undefined}
      onFocus={() => keys.focusAt(hex.pos)}
      aria-label={diceHexLabel(hex, viewerSeat, interactive, words)}
      aria-pressed={hex.selected}
      data-hex={hex.name}
      data-owner={hex.owner}
      data-dice={hex.dice}
      data-source={interactive && hex.source ? "true" : undefined}
      data-target={hex.target ? "true" : undefined}
      data-hint={hinted.get(hex.pos)}
      className={`hex owner-${hex.owner}${hex.selected ? " selected" : ""}${hex.target ? " target" : ""}${hinted.has(hex.pos) ? " hint" : ""}${
        interactive && hex.source ? " source" : ""
      }`}
      onClick={() => click(hex.pos, hex.source, hex.target)}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          click(hex.pos, hex.source, hex.target);
        }
      }}
    >
      <polygon points={hex.points} />
    </g>
  );
  return (
    <div className="dice">
      <svg
        viewBox={`0 0 ${view.width.toFixed(1)} ${view.height.toFixed(1)}`}
        className="dice-svg"
        role="grid"
        aria-label={words("board.label")}
        data-board-cursor=""
        onKeyDown={keys.onKeyDown}
      >
        {rows.map((row, r) => (
          <g role="row" key={r}>
            {row.map((pos) => {
              const hex = byPos.get(pos);
              return hex === undefined ? null : (
                <g role="gridcell" key={pos}>
                  {hexButton(hex)}
                </g>
              );
            })}
          </g>
        ))}
        {/* Drawn over the hexes, outside their buttons: a button's name must contain its visible text
            (WCAG 2.5.3), and the hex's name already says both. */}
        <g aria-hidden="true">
          {view.hexes.map((hex) => (
            <Fragment key={hex.pos}>
              <text x={hex.cx} y={hex.cy - 4} className="hex-dice">
                {hex.dice}
              </text>
              <text x={hex.cx} y={hex.cy + 14} className="hex-name">
                {hex.name}
              </text>
            </Fragment>
          ))}
        </g>
      </svg>
      {interactive && (
        <button
          type="button"
          className="btn"
          disabled={!view.canPass}
          onClick={() => {
            setSelected(null);
            props.onMove(DiceOfDoom.PASS);
          }}
        >
          {words("board.endTurn")}
        </button>
      )}
    </div>
  );
}
