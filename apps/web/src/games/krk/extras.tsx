"use client";

import { FIFTY_MOVE_PLIES, type KrkState } from "@arena/engine/games/krk/index";
import type { ExtraProps } from "../web-game";
import { fiftyMoveCount } from "./view";

/** How far the game is toward the 50-move rule, Black's goal in "Survive 50 moves" (docs/krk.md §2). */
export function FiftyMoveRule({ state }: ExtraProps<KrkState>) {
  const limit = FIFTY_MOVE_PLIES / 2;
  const moves = fiftyMoveCount(state);
  return (
    <div className="krk-fifty" data-testid="fifty-move-rule">
      <span>50-move rule</span>
      <meter min={0} max={limit} value={moves} aria-label="Moves toward the 50-move rule" />
      <span>
        {moves} of {limit}
      </span>
    </div>
  );
}
