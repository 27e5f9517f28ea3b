"use client";

import * as Othello from "@arena/engine/games/othello/index";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../../i18n/errors";
import type { EditorProps } from "../web-game";

const NEXT: Readonly<Record<string, string>> = { "-": "X", X: "O", O: "-" };

/** The analysis board's editor: each click cycles a square empty → Black → White; the side to move is chosen. */
export function OthelloEditor({ state, onChange }: EditorProps<Othello.OthelloState>) {
  const words = useTranslations("games.othello.editor");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [problem, setProblem] = useState<string | null>(null);
  const [squares, side] = Othello.formatPosition(state).split(" ");
  const cells = [...(squares ?? "")];
  const set = (text: string) => {
    const parsed = Othello.parsePosition(text);
    if (!parsed.ok) setProblem(failureText(errors, locale, parsed.error));
    else {
      setProblem(null);
      onChange(parsed.value);
    }
  };
  return (
    <div className="othello-editor" data-testid="position-editor">
      <div className="othello-editor-grid" role="group" aria-label={words("grid")}>
        {cells.map((cell, square) => (
          <button
            type="button"
            key={square}
            aria-label={words("square", {
              square: Othello.squareName(square),
              disc: cell === "X" ? "black" : cell === "O" ? "white" : "none",
            })}
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
        {words("toMove")}{" "}
        <select value={side} onChange={(e) => set(`${squares ?? ""} ${e.target.value}`)}>
          <option value="X">{words("black")}</option>
          <option value="O">{words("white")}</option>
        </select>
      </label>
      {problem !== null && <p className="error">{problem}</p>}
    </div>
  );
}
