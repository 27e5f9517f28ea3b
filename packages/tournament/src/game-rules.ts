import { type GameId } from "@arena/engine/registry";

export const TIE_BREAKS = ["bq", "discs", "buchholz", "sonneborn-berger"] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

/**
 * When an arena draw scores (docs/tournaments.md, "Arena draws"). `plies`: lichess's rule — no points
 * under `minPlies`, and none for a second draw in a row (losses between skipped) under `repeatExemptPlies`.
 * `board-only`: a draw the board decides always scores, an agreed one never does — for games whose
 * drawn positions need a (nearly) full board, where a ply count tells nothing.
 */
export type ArenaDrawRule =
  | { readonly kind: "plies"; readonly minPlies: number; readonly repeatExemptPlies: number }
  | { readonly kind: "board-only" };

export interface TournamentGameRules {
  /** Standings after points, in order. */
  readonly tieBreaks: readonly TieBreak[];
  readonly arenaDraws: ArenaDrawRule;
  /** Moves per side a game lasts, to estimate its duration from the clock (lichess assumes 40 for chess). */
  readonly movesPerSide: number;
  /**
   * Pairs from one opening: the random plies of the shared opening, or null for a game whose start
   * position is drawn (the pair's two games would not share it).
   */
  readonly openingPlies: number | null;
}

const LICHESS_DRAWS: ArenaDrawRule = { kind: "plies", minPlies: 20, repeatExemptPlies: 60 };

/** Per game: Othello ranks by its federations' BQ, the others by Buchholz then Sonneborn–Berger. */
export const TOURNAMENT_RULES = {
  othello: {
    tieBreaks: ["bq", "discs"],
    arenaDraws: { kind: "board-only" },
    movesPerSide: 30,
    openingPlies: 8,
  },
  "connect-k": {
    tieBreaks: ["buchholz", "sonneborn-berger"],
    arenaDraws: { kind: "board-only" },
    movesPerSide: 21,
    openingPlies: 4,
  },
  "dice-of-doom": {
    tieBreaks: ["buchholz", "sonneborn-berger"],
    arenaDraws: LICHESS_DRAWS,
    movesPerSide: 20,
    openingPlies: null,
  },
  krk: {
    tieBreaks: ["buchholz", "sonneborn-berger"],
    arenaDraws: LICHESS_DRAWS,
    movesPerSide: 40,
    openingPlies: null,
  },
} as const satisfies Record<GameId, TournamentGameRules>;

export const rulesFor = (gameId: GameId): TournamentGameRules => TOURNAMENT_RULES[gameId];

/** Whether a game's tie-breaks count discs (BQ, discs): its results carry them (Othello). */
export const countsDiscs = (gameId: GameId): boolean =>
  rulesFor(gameId).tieBreaks.some((t) => t === "bq" || t === "discs");
