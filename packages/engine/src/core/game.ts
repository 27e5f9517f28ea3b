import type { GameError } from "./errors.js";
import type { Result } from "./result.js";

/** A seat at the table, 0-based in turn order. */
export type Seat = number;

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export type Outcome =
  | { readonly kind: "ongoing" }
  | {
      readonly kind: "finished";
      /** One score per seat, in the game's own unit (Othello: discs with WOF scoring). */
      readonly scores: readonly number[];
      /** Every seat that shares the best result; more than one means a tie, all seats a draw. */
      readonly winners: readonly Seat[];
    };

/** One possible result of a move with chance in it, with its probability. */
export interface ChanceOutcome<S> {
  readonly probability: number;
  readonly state: S;
}

/**
 * The one interface the server, the AI and the web client use for every game.
 * States are immutable values; moves are small values (numbers for all
 * built-in games, so search can store them cheaply).
 *
 * Untrusted input enters only through `parseOptions`, `parseMove`, `play` and
 * `deserialize`, which return typed errors and never throw. `apply` is for
 * callers that took the move from `legalMoves` (search, replay of a stored log).
 */
export interface Game<S, M, O> {
  readonly id: string;
  readonly title: string;
  /** Validates untrusted options and fills in defaults. */
  parseOptions(input: unknown): Result<O, GameError>;
  /** How many seats the options call for. */
  seatCount(options: O): number;
  /** The start position; `seed` drives every random choice the game makes, now or later. */
  initial(options: O, seed: number): S;
  /** The options a state was created with. */
  optionsOf(state: S): O;
  /** The seat(s) to move; empty once the game is over. */
  toMove(state: S): readonly Seat[];
  /** Legal moves of the seat to move in the game's canonical order; empty once over. */
  legalMoves(state: S): readonly M[];
  /** A move the seat to move must make with no choice (Othello's pass), which servers apply at once. */
  forcedMove(state: S): M | null;
  /**
   * Checked application: a typed error for a wrong seat, an illegal move, a finished game, or dice that
   * do not fit the move (`rolls` must be exactly what `diceFor` lists: none for a move without chance).
   */
  play(state: S, move: M, seat?: Seat, rolls?: readonly number[]): Result<S, GameError>;
  /**
   * Unchecked application of a move taken from `legalMoves`. A move with chance in it needs its `rolls`
   * (see `diceFor`) and throws without them: nothing in a state predicts a roll.
   */
  apply(state: S, move: M, rolls?: readonly number[]): S;
  outcome(state: S): Outcome;
  /** Reads one move in the game's notation. */
  parseMove(state: S, text: string): Result<M, GameError>;
  formatMove(state: S, move: M): string;
  /** JSON-safe, versioned. */
  serialize(state: S): Json;
  deserialize(input: unknown): Result<S, GameError>;
  /** A position hash for search (safe integer); equal positions hash equally. */
  hash(state: S): number;
  /** A plain-text board for terminals and logs. */
  render(state: S): string;
  /** How a terminal names a seat, with `render`'s symbol (Othello: "Black (@)"). Absent: "Seat n". */
  renderSeat?(seat: Seat): string;
  /**
   * Splits a move list typed without separators (an Othello transcript, "f5d6c3"). Absent, or for text
   * with spaces or commas, lists are split on those.
   */
  splitMoves?(text: string): string[];
  /** A faster perft than the generic one (same counts): Othello's bitboard perft. */
  perft?(state: S, depth: number): number;
  /**
   * Takes a seat out of a game that goes on without it (resigned, forfeited,
   * abandoned). Only games of more than two seats have it; a two-seat game
   * simply ends.
   */
  eliminate?(state: S, seat: Seat): S;
  /**
   * The start the host chose in `options`, as players see it before they sit (a position in the game's
   * notation; KRK's `#n` for a random position with mate in n); absent or null when the game starts from
   * its own start. A chosen start is never rated (docs/protocol.md, "Ratings").
   */
  chosenStart?(options: O): string | null;
  /**
   * The start a former version of the rules dealt from the same seed, for matches created before `until`
   * (ms since the epoch): their logs keep it, and the secret check (`verifyMatch`) must still recognise it.
   * Absent for a game whose deal never changed.
   */
  readonly formerDeal?: { readonly until: number; initial(options: O, seed: number): S };
  /**
   * Whether the game's own starts favour one seat (KRK: every random start is won for White, seat 0), so
   * that a rated game draws who sits where when it starts.
   */
  readonly unevenSeats?: boolean;
  /**
   * The score a seat is credited with when the others forfeit (resign, lose on time, abandon), in the
   * game's unit: Othello records PAIP's 64–0. Absent: 1.
   */
  readonly forfeitScore?: number;
  /** Every result a move can have, for games with chance (expectimax). */
  chanceOutcomes?(state: S, move: M): readonly ChanceOutcome<S>[];
  /**
   * Games with chance: the dice a move rolls, one entry per die giving its number of faces (a chance
   * attack in Dice of Doom: one six-sided die per die on either hex); empty for a move without chance.
   * A state keeps no random generator: whoever applies the move rolls the dice and hands the results to
   * `play` or `apply` (the server from a secret stream, docs/protocol.md "Hidden randomness"; offline
   * play from its own seed, `core/chance.ts`).
   */
  diceFor?(state: S, move: M): readonly number[];
}

/**
 * A game whose types are not known to the caller (registry lookups). Method
 * parameters are bivariant, so every concrete game is assignable to it.
 */
export type AnyGame = Game<unknown, unknown, unknown>;
