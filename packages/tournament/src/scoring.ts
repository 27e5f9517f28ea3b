import { type ArenaDrawRule } from "./game-rules.js";
import { type GameResult, type Seat } from "./types.js";

export type Outcome = "win" | "draw" | "loss";

export function outcomeFor(result: GameResult, seat: Seat): Outcome {
  if (result.winner === null) return "draw";
  return result.winner === seat ? "win" : "loss";
}

/** Swiss and round-robin points: win 1, draw ½, loss 0 (a bye or a forfeit win scores as a win). */
export const GAME_POINTS: Readonly<Record<Outcome, number>> = { win: 1, draw: 0.5, loss: 0 };

/**
 * An Othello game's discs for one seat: the final board with the empty squares going to the winner
 * (split in a draw), as the World Othello Federation counts; a game the board did not decide (a flag, a
 * resignation, an abandonment) counts 64–0 like the match's own record, an agreed draw 32–32.
 */
export function othelloDiscs(result: GameResult, seat: Seat): number {
  const outcome = outcomeFor(result, seat);
  if (result.ending !== "normal" || result.discs === undefined) {
    return outcome === "win" ? 64 : outcome === "draw" ? 32 : 0;
  }
  const own = result.discs[seat];
  const empties = 64 - result.discs[0] - result.discs[1];
  return outcome === "win" ? own + empties : outcome === "draw" ? own + empties / 2 : own;
}

/** One finished arena game from a player's side, in the order their games finished. */
export interface ArenaGame {
  readonly outcome: Outcome;
  readonly ending: GameResult["ending"];
  readonly plies: number;
  readonly berserk: boolean;
}

/** Arena scores: 2/1/0, doubled while on fire, +1 for a berserk win of at least this many plies. */
export const ARENA_POINTS: Readonly<Record<Outcome, number>> = { win: 2, draw: 1, loss: 0 };
export const BERSERK_MIN_PLIES = 14;

export interface ArenaSheet {
  /** Each game's score, in order. */
  readonly scores: readonly number[];
  readonly total: number;
  /** Two wins in a row and no non-win since: the next result scores double. */
  readonly onFire: boolean;
}

/** Whether a draw scores, by the game's rule and the player's earlier games. */
function drawScores(rule: ArenaDrawRule, game: ArenaGame, earlier: readonly ArenaGame[]): boolean {
  if (rule.kind === "board-only") return game.ending === "normal";
  if (game.plies < rule.minPlies) return false;
  const previous = earlier.findLast((g) => g.outcome !== "loss");
  return previous?.outcome !== "draw" || game.plies >= rule.repeatExemptPlies;
}

/** A player's arena scores, folded over their games in the order they finished (lichess's sheet). */
export function arenaSheet(games: readonly ArenaGame[], rule: ArenaDrawRule): ArenaSheet {
  const scores: number[] = [];
  let winsInRow = 0;
  games.forEach((game, i) => {
    const onFire = winsInRow >= 2;
    const counts = game.outcome !== "draw" || drawScores(rule, game, games.slice(0, i));
    const base = counts ? ARENA_POINTS[game.outcome] * (onFire ? 2 : 1) : 0;
    const bonus = game.berserk && game.outcome === "win" && game.plies >= BERSERK_MIN_PLIES ? 1 : 0;
    scores.push(base + bonus);
    winsInRow = game.outcome === "win" ? winsInRow + 1 : 0;
  });
  return { scores, total: scores.reduce((a, b) => a + b, 0), onFire: winsInRow >= 2 };
}
