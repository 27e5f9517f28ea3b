/**
 * Game records other programs read (docs/protocol.md, "Downloads"): each game that has a file format
 * writes it from the match as the log holds it. Which game writes which is the registry's (`RECORDS`).
 */
export const RECORD_FORMATS = ["ggf", "txt", "pgn"] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

/** A match as a record writer needs it: no server types, only what the log says. */
export interface GameRecord<S> {
  /** The position the game started from (null before the start: the game's usual start). */
  readonly start: S | null;
  /** Every move as logged, in the game's notation, passes included. */
  readonly moves: readonly string[];
  /**
   * Moves played before `start` from the game's usual start (a tournament pair's opening), in its notation:
   * a writer without a start position of its own (a transcript) writes them first.
   */
  readonly opening?: readonly string[];
  /** Who sat in each seat, as the caller names them. */
  readonly players: readonly string[];
  /** How the match ended (the protocol's `MatchResult`), or null while it goes on. */
  readonly result: {
    readonly reason: string;
    readonly winners: readonly number[];
    readonly scores: readonly number[];
  } | null;
  readonly timeControl: { readonly baseMs: number; readonly incrementMs: number };
  /** The UTC day the match was created, "2026-11-27". */
  readonly day: string;
  readonly rated: boolean;
}

/** A game's writers, by format; a format it lacks is absent. */
export type RecordWriters<S> = { readonly [F in RecordFormat]?: (record: GameRecord<S>) => string };
