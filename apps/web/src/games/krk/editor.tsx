"use client";

import * as Krk from "@arena/engine/games/krk/index";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../../i18n/errors";
import type { EditorProps } from "../web-game";

/** The analysis board's editor for king and rook against king: a FEN, checked by the game's own options. */
export function KrkEditor({ state, onChange }: EditorProps<Krk.KrkState>) {
  const [text, setText] = useState(() => Krk.formatFen(state.position, state.halfmoveClock, state.fullmove));
  const words = useTranslations("games.krk.editor");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="krk-editor"
      data-testid="position-editor"
      onSubmit={(e) => {
        e.preventDefault();
        const options = Krk.krk.parseOptions({ fen: text.trim() });
        if (!options.ok) {
          setProblem(failureText(errors, locale, options.error));
          return;
        }
        setProblem(null);
        onChange(Krk.krk.initial(options.value, 0));
      }}
    >
      <input aria-label="FEN" value={text} onChange={(e) => setText(e.target.value)} size={36} />
      <button type="submit" className="btn small">
        {words("setUp")}
      </button>
      {problem !== null && <p className="error">{problem}</p>}
    </form>
  );
}
