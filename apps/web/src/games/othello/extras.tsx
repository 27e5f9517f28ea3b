"use client";

import type { OthelloState } from "@arena/engine/games/othello/index";
import { useTranslations } from "next-intl";
import type { ExtraProps } from "../web-game";
import { othelloExports } from "./exports";
import { othelloView } from "./view";

/** Black's and White's disc counts in the position shown. */
export function DiscCounts({ state }: ExtraProps<OthelloState>) {
  const words = useTranslations("games.othello");
  const { counts } = othelloView(state, null);
  return (
    <div className="counts" data-testid="disc-counts">
      <span className="count">
        <span className="disc-icon black" aria-hidden="true" />{" "}
        {words("count.black", { count: counts.black })}
      </span>
      <span className="count">
        <span className="disc-icon white" aria-hidden="true" />{" "}
        {words("count.white", { count: counts.white })}
      </span>
    </div>
  );
}

/** The game as a transcript ("f5d6…") and as GGF, for other Othello programs. */
export function Exports({ model, players }: ExtraProps<OthelloState>) {
  const words = useTranslations("games.othello.export");
  const { transcript, ggf } = othelloExports(model, players);
  return (
    <details className="exports">
      <summary>{words("title")}</summary>
      <label>
        {words("transcript")}
        <textarea aria-label={words("transcript")} readOnly value={transcript} rows={2} />
      </label>
      <label>
        GGF
        <textarea aria-label="GGF" readOnly value={ggf} rows={4} />
      </label>
    </details>
  );
}
