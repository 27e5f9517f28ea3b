"use client";

import { useTranslations } from "next-intl";
import type { KrkState } from "@arena/engine/games/krk/index";
import { BLACK, moveFrom, moveTo } from "@arena/engine/games/krk/position";
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import type { BoardProps } from "../web-game";
import "../board-cursor.css";
import { startOfCursor } from "../board-cursor";
import { useBoardCursor } from "../use-board-cursor";
import "./krk.css";
import { PieceSvg } from "./pieces";
import { type KrkCell, type Piece, krkSquareLabel, krkView, moveBetween } from "./view";

/** A piece the viewer picked up by clicking; it belongs to the position it was picked in. */
interface Selection {
  readonly state: KrkState;
  readonly square: number;
}

/** A piece held under a pointer (mouse, pen or finger) since its pointerdown. */
interface Drag {
  readonly state: KrkState;
  readonly from: number;
  readonly piece: Piece;
  readonly pointerId: number;
  readonly startX: number;
  readonly startY: number;
  /** The square's size, so that the piece under the pointer keeps it. */
  readonly size: number;
  readonly x: number;
  readonly y: number;
  /** The pointer has moved far enough for a drag rather than a click. */
  readonly moving: boolean;
  /** The square under the pointer, or null off the board. */
  readonly over: number | null;
}

/** How far (in CSS pixels) a pointer moves before a press becomes a drag. */
const DRAG_THRESHOLD = 4;

/** The square whose button lies under a point of the page, or null. */
function squareAt(x: number, y: number): number | null {
  const hit = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-square-index]");
  const index = hit?.dataset.squareIndex;
  return index === undefined ? null : Number(index);
}

/**
 * The chess board of king and rook against king. Moves by click (piece, then target) or by dragging the
 * piece with any pointer; the targets shown are the engine's legal moves of the piece picked up. White is
 * at the bottom unless the viewer plays Black (or flipped the board).
 */
export function KrkBoard(props: BoardProps<KrkState, number>) {
  const { state, interactive, viewerSeat, hint, flipped = false } = props;
  // The analysis's best move: the squares it leaves and reaches.
  const hinted = hint === undefined || hint === null ? [] : [moveFrom(hint), moveTo(hint)];
  const [selection, setSelection] = useState<Selection | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // The window's pointer listeners read the drag, the position and onMove as they are now.
  const dragRef = useRef<Drag | null>(null);
  const latest = useRef({ state, interactive, onMove: props.onMove });
  // A drag ends with the pointer's click, which must not select or deselect.
  const suppressClick = useRef(false);

  useEffect(() => {
    latest.current = { state, interactive, onMove: props.onMove };
  });

  const setBoth = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const active = drag !== null;
  useEffect(() => {
    if (!active) return;
    const update = (next: Drag | null) => {
      dragRef.current = next;
      setDrag(next);
    };
    const onPointerMove = (e: PointerEvent) => {
      const d = dragRef.current;
      if (d === null || e.pointerId !== d.pointerId) return;
      const moving = d.moving || Math.hypot(e.clientX - d.startX, e.clientY - d.startY) > DRAG_THRESHOLD;
      update({ ...d, x: e.clientX, y: e.clientY, moving, over: squareAt(e.clientX, e.clientY) });
    };
    const onPointerUp = (e: PointerEvent) => {
      const d = dragRef.current;
      if (d === null || e.pointerId !== d.pointerId) return;
      update(null);
      if (!d.moving) return; // a click: the button's onClick takes it
      suppressClick.current = true;
      setTimeout(() => (suppressClick.current = false), 0);
      const now = latest.current;
      const to = squareAt(e.clientX, e.clientY);
      const move =
        to === null || !now.interactive || now.state !== d.state ? null : moveBetween(d.state, d.from, to);
      if (move !== null) {
        setSelection(null);
        now.onMove(move);
      } else {
        // Dropped off its targets: the piece goes back and stays picked up, its targets shown.
        setSelection({ state: d.state, square: d.from });
      }
    };
    const onPointerCancel = (e: PointerEvent) => {
      if (dragRef.current?.pointerId === e.pointerId) update(null);
    };
    window.addEventListener("pointermove", onPointerMove);
    window.addEventListener("pointerup", onPointerUp);
    window.addEventListener("pointercancel", onPointerCancel);
    return () => {
      window.removeEventListener("pointermove", onPointerMove);
      window.removeEventListener("pointerup", onPointerUp);
      window.removeEventListener("pointercancel", onPointerCancel);
    };
  }, [active]);

  const picked = interactive && selection?.state === state ? selection.square : null;
  const dragging = interactive && drag?.state === state && drag.moving ? drag : null;
  // Seat numbers are the engine's sides: White 0, Black 1 (docs/krk.md §1).
  // Black's side faces a Black player; the flip button turns it from there.
  const view = krkView(state, dragging?.from ?? picked, (viewerSeat === BLACK) !== flipped);
  const words = useTranslations("games.krk");
  // The keyboard starts on the picked-up piece, else on a piece the viewer may move, else the white king.
  const firstMovable = interactive ? view.rows.flat().find((cell) => cell.movable)?.square : undefined;
  const keys = useBoardCursor({
    rows: view.rows.map((row) => row.map((cell) => cell.square)),
    start: startOfCursor([picked, firstMovable], state.position.wk),
    onEscape: () => setSelection(null),
  });

  const onPointerDown = (cell: KrkCell, e: ReactPointerEvent<HTMLButtonElement>) => {
    if (!interactive || !cell.movable || cell.piece === null) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const size = e.currentTarget.getBoundingClientRect().width;
    setBoth({
      state,
      from: cell.square,
      piece: cell.piece,
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      size,
      x: e.clientX,
      y: e.clientY,
      moving: false,
      over: cell.square,
    });
  };

  const onClick = (cell: KrkCell) => {
    if (suppressClick.current || !interactive) return;
    if (picked !== null) {
      const move = moveBetween(state, picked, cell.square);
      if (move !== null) {
        setSelection(null);
        props.onMove(move);
        return;
      }
    }
    setSelection(cell.movable && cell.square !== picked ? { state, square: cell.square } : null);
  };

  return (
    <div
      className={`krk${interactive ? " interactive" : ""}${dragging === null ? "" : " dragging"}`}
      data-orientation={view.flipped ? "black" : "white"}
      data-turn={view.turn ?? "over"}
    >
      <div className="krk-ranks" aria-hidden="true">
        {view.ranks.map((rank) => (
          <span key={rank}>{rank}</span>
        ))}
      </div>
      <div
        className="krk-grid"
        role="grid"
        aria-label={words("board.label")}
        data-board-cursor=""
        onKeyDown={keys.onKeyDown}
      >
        {view.rows.map((row, r) => (
          <div role="row" key={r} className="krk-row">
            {row.map((cell) => (
              <div role="gridcell" key={cell.square} className="krk-cell">
                <button
                  type="button"
                  aria-label={krkSquareLabel(cell, words)}
                  aria-pressed={interactive && cell.movable ? cell.selected : undefined}
                  title={krkSquareLabel(cell, words)}
                  tabIndex={keys.cursor === cell.square ? 0 : -1}
                  data-cursor={keys.cursor === cell.square ? "true" : undefined}
                  onFocus={() => keys.focusAt(cell.square)}
                  data-square={cell.name}
                  data-square-index={cell.square}
                  data-piece={cell.piece ?? "empty"}
                  data-target={cell.target ? "true" : undefined}
                  data-last={cell.last ? "true" : undefined}
                  data-check={cell.check ? "true" : undefined}
                  data-hint={hinted.includes(cell.square) ? "true" : undefined}
                  className={`${squareClass(cell, interactive, dragging)}${hinted.includes(cell.square) ? " hint" : ""}`}
                  onPointerDown={(e) => onPointerDown(cell, e)}
                  onClick={() => onClick(cell)}
                >
                  {cell.piece !== null && <PieceSvg piece={cell.piece} />}
                  {cell.target && <span className={cell.piece === null ? "krk-dot" : "krk-ring"} />}
                </button>
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className="krk-files" aria-hidden="true">
        {view.files.map((file) => (
          <span key={file}>{file}</span>
        ))}
      </div>
      {dragging !== null && (
        <div
          className="krk-held"
          aria-hidden="true"
          style={{
            left: dragging.x - dragging.size / 2,
            top: dragging.y - dragging.size / 2,
            width: dragging.size,
            height: dragging.size,
          }}
        >
          <PieceSvg piece={dragging.piece} />
        </div>
      )}
    </div>
  );
}

function squareClass(cell: KrkCell, interactive: boolean, dragging: Drag | null): string {
  const classes = ["krk-sq", cell.dark ? "dark" : "light"];
  if (interactive && (cell.movable || cell.target)) classes.push("playable");
  if (cell.selected) classes.push("selected");
  if (cell.last) classes.push("last");
  if (cell.check) classes.push("check");
  if (dragging?.from === cell.square) classes.push("lifted");
  if (dragging !== null && dragging.over === cell.square && cell.target) classes.push("over");
  return classes.join(" ");
}
