import type { MatchId } from "./ids.js";
import type { TimeControl, UserRef } from "./model.js";

/**
 * One live game of the user's, as the "Playing now" strip shows it (docs/protocol.md, "My games"): pushed on
 * the user's own channel when it starts, when a move changes whose turn it is, and when it ends.
 */
export interface MyGame {
  readonly matchId: MatchId;
  readonly gameId: string;
  readonly timeControl: TimeControl;
  readonly rated: boolean;
  /** The user's seat (their first, when they hold several). */
  readonly seat: number;
  /** The other seats: a person or the computer at a level. */
  readonly opponents: readonly (
    { readonly kind: "human"; readonly user: UserRef } | { readonly kind: "ai"; readonly level: number }
  )[];
  /** Whether one of the user's seats is to move. */
  readonly myTurn: boolean;
  /**
   * The user's clock as the server sent it: milliseconds left, and whether it runs (their turn, clock
   * started). A client ticks a running clock down from the moment it received it. Null: untimed.
   */
  readonly clock: { readonly remainingMs: number; readonly running: boolean } | null;
  /** Server time of the game's last event (the strip's order within your-turn and their-turn games). */
  readonly lastEventAt: number;
}

/** `games:game`: one game of the user's changed; `game` null when it is no longer live (it ended). */
export interface MyGameChange {
  readonly matchId: MatchId;
  readonly game: MyGame | null;
}

/** `rematch:offered`: an opponent of a finished game asks for a rematch (the user's channel). */
export interface RematchOffer {
  readonly matchId: MatchId;
  readonly gameId: string;
  readonly from: UserRef;
}

/** Your-turn games first, then the most recently changed. The one order of the strip. */
export function myGamesOrder(a: MyGame, b: MyGame): number {
  if (a.myTurn !== b.myTurn) return a.myTurn ? -1 : 1;
  if (a.lastEventAt !== b.lastEventAt) return b.lastEventAt - a.lastEventAt;
  return a.matchId < b.matchId ? -1 : a.matchId > b.matchId ? 1 : 0;
}

/** A client's list after a change: the game replaced, added or removed, in strip order. */
export function applyMyGameChange(games: readonly MyGame[], change: MyGameChange): MyGame[] {
  const kept = games.filter((game) => game.matchId !== change.matchId);
  if (change.game !== null) kept.push(change.game);
  return kept.sort(myGamesOrder);
}
