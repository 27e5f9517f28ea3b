"use client";

import { FIFTY_MOVE_PLIES, type KrkState } from "@arena/engine/games/krk/index";
import { useTranslations } from "next-intl";
import type { ExtraProps } from "../web-game";
import { fiftyMoveCount } from "./view";

/** How far the game is toward the 50-move rule, Black's goal in "Survive 50 moves" (docs/krk.md §2). */
export function FiftyMoveRule({ state }: ExtraProps<KrkState>) {
  const words = useTranslations("games.krk.fiftyMove");
  const limit = FIFTY_MOVE_PLIES / 2;
  const moves = fiftyMoveCount(state);
  return (
    <div className="krk-fifty" data-testid="fifty-move-rule">
      <span>{words("rule")}</span>
      <meter min={0} max={limit} value={moves} aria-label={words("meter")} />
      <span>{words("progress", { moves, limit })}</span>
    </div>
  );
}
