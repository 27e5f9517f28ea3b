import { type GameId } from "@arena/engine/registry";

/** An entrant's id inside one tournament (a user, an AI player or a bot account the director seated). */
export type EntrantId = string & { readonly __brand: "EntrantId" };
export const entrantId = (id: string): EntrantId => id as EntrantId;

export const FORMATS = ["arena", "swiss", "round-robin"] as const;
export type Format = (typeof FORMATS)[number];

/** Seat 0 moves first (Black in Othello), seat 1 second. */
export type Seat = 0 | 1;

export interface TournamentSettings {
  readonly gameId: GameId;
  readonly format: Format;
  readonly timeControl: { readonly baseMs: number; readonly incrementMs: number };
  /** Swiss: the number of rounds. */
  readonly rounds?: number;
  /** Arena: how long pairing goes on, from the start. */
  readonly durationMs?: number;
  /** Round-robin: a second cycle with every pair's colours swapped. */
  readonly double?: boolean;
  /** Arena: players may berserk. */
  readonly berserk?: boolean;
  /**
   * Any format: each pairing plays two games from one random opening, colours swapped, and the pair's
   * total decides (docs/tournaments.md, "Pairs from one opening").
   */
  readonly pairsFromOneOpening?: boolean;
}

/** One board of a round: two entrants by seat, or a bye for one. */
export type Pairing =
  | { readonly kind: "game"; readonly seats: readonly [EntrantId, EntrantId] }
  | { readonly kind: "bye"; readonly entrant: EntrantId };

/** Why a game ended, as the match's result says (`RESULT_REASONS` in @arena/protocol, less the abort). */
export const GAME_ENDINGS = ["normal", "resign", "timeout", "abandon", "draw-agreed"] as const;
export type GameEnding = (typeof GAME_ENDINGS)[number];

/** How a game ended, as the match reported it. */
export interface GameResult {
  /** `normal`: the board decided it. */
  readonly ending: GameEnding;
  /** The winning seat, or null for a draw. */
  readonly winner: Seat | null;
  /** Discs by seat on the final board (Othello); only a game the board decided counts them. */
  readonly discs?: readonly [number, number];
  /** Plies played. */
  readonly plies: number;
  /** Per seat: berserked before the first move (arena). */
  readonly berserk?: readonly [boolean, boolean];
}
