import { type EntrantId, type GameResult, type Pairing, type TournamentSettings } from "./types.js";

/** Who may enter: a person, an AI player at a level, or a bot account. */
export type EntrantKind = "human" | "ai" | "bot";

/**
 * A tournament is the log of these events; `foldTournament` turns it into the state. The director appends
 * only events it has checked, so the fold treats an impossible log as a bug and throws.
 * `at` is server time in ms.
 */
export type TournamentEvent =
  | { readonly type: "created"; readonly at: number; readonly settings: TournamentSettings }
  | {
      readonly type: "joined";
      readonly at: number;
      readonly entrant: EntrantId;
      readonly name: string;
      readonly kind: EntrantKind;
      readonly rating: number;
    }
  | { readonly type: "withdrew"; readonly at: number; readonly entrant: EntrantId }
  /** Arena: a paused entrant is not paired until resumed. */
  | { readonly type: "paused"; readonly at: number; readonly entrant: EntrantId }
  | { readonly type: "resumed"; readonly at: number; readonly entrant: EntrantId }
  /** A round (an arena: one pairing wave) starts with its boards. */
  | {
      readonly type: "round-started";
      readonly at: number;
      readonly pairings: readonly Pairing[];
      /** Pairs from one opening: per pairing, the opening both its games start from (a bye's is empty). */
      readonly openings?: readonly (readonly string[])[];
    }
  | {
      readonly type: "game-finished";
      readonly at: number;
      readonly round: number;
      readonly board: number;
      readonly result: GameResult;
    }
  | { readonly type: "finished"; readonly at: number };

export type TournamentEventType = TournamentEvent["type"];
