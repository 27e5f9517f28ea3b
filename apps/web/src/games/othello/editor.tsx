"use client";

import * as Othello from "@arena/engine/games/othello/index";
import { useState } from "react";
import type { EditorProps } from "../web-game";

const NEXT: Readonly<Record<string, string>> = { "-": "X", X: "O", O: "-" };

/** The analysis board's editor: each click cycles a square empty → Black → White; the side to move is chosen. */
export function OthelloEditor({ state, onChange }: EditorProps<Othello.OthelloState>) {
  const [problem, setProblem] = useState<string | null>(null);
  const [squares, side] = Othello.formatPosition(state).split(" ");
  const cells = [...(squares ?? "")];
  const set = (text: string) => {
    const parsed = Othello.parsePosition(text);
    if (!parsed.ok) setProblem(parsed.error.message);
    else {
      setProblem(null);
      onChange(parsed.value);
    }
  };
  return (
    <div className="othello-editor" data-testid="position-editor">
      <div className="othello-editor-grid" role="grid" aria-label="Set up the position">
        {cells.map((cell, square) => (
          <button
            type="button"
            key={square}
            aria-label={`${Othello.squareName(square)}: ${cell === "X" ? "black" : cell === "O" ? "white" : "empty"}`}
            data-square={Othello.squareName(square)}
            className={`edit-sq c${cell === "X" ? "b" : cell === "O" ? "w" : "e"}`}
            onClick={() => {
              const next = cells.slice();
              next[square] = NEXT[cell] ?? "-";
              set(`${next.join("")} ${side ?? "X"}`);
            }}
          />
        ))}
      </div>
      <label>
        To move{" "}
        <select value={side} onChange={(e) => set(`${squares ?? ""} ${e.target.value}`)}>
          <option value="X">Black</option>
          <option value="O">White</option>
        </select>
      </label>
      {problem !== null && <p className="error">{problem}</p>}
    </div>
  );
}
