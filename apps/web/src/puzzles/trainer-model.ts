import type {
  PuzzleAttemptResult,
  PuzzleRating,
  PuzzleRatingChange,
  PuzzleServed,
  PuzzleShortfall,
  PuzzleView,
} from "@arena/protocol";

/** The trainer's modes (docs/puzzles.md, "The trainer"): rated near the player's rating, the day's, a streak. */
export const TRAINER_MODES = ["rated", "daily", "streak"] as const;
export type TrainerMode = (typeof TRAINER_MODES)[number];

export function trainerModeOf(text: string | null | undefined): TrainerMode {
  return TRAINER_MODES.find((mode) => mode === text) ?? "rated";
}

/** How a finished puzzle ended, as the server judged the attempt. */
export type PuzzleOutcome =
  | {
      readonly kind: "solved";
      readonly solution: readonly string[];
      readonly ratingChange: PuzzleRatingChange | null;
    }
  | {
      readonly kind: "wrong";
      readonly solution: readonly string[];
      readonly refutation: readonly string[];
      readonly shortfall: PuzzleShortfall | null;
      readonly ratingChange: PuzzleRatingChange | null;
    };

export type TrainerPhase =
  /** Waiting for a puzzle. */
  | "loading"
  /** No puzzle came (none left, the server away): `failure` says why. */
  | "failed"
  /** The player's turn on the board. */
  | "your-move"
  /** A move sent, its answer awaited. */
  | "checking"
  /** Right so far: the opponent's `reply` waits for its short pause before it is played. */
  | "reply"
  /** Solved or failed: `outcome`. */
  | "over";

export interface TrainerState {
  readonly phase: TrainerPhase;
  readonly puzzle: PuzzleView | null;
  /** The viewer's puzzle rating; null for a guest. */
  readonly player: PuzzleRating | null;
  /** The daily puzzle's UTC day, else null. */
  readonly day: string | null;
  /** Every move on the board so far in the game's notation, the opponent's replies included. */
  readonly moves: readonly string[];
  readonly reply: string | null;
  readonly outcome: PuzzleOutcome | null;
  /** Why the last request failed (its API code and the server's words), or null. */
  readonly failure: { readonly code: string; readonly message: string } | null;
  /** Puzzles solved in a row in this streak. */
  readonly streak: number;
  /** The streak ended on a mistake: the next puzzle starts a new one. */
  readonly streakOver: boolean;
}

export type TrainerAction =
  | { readonly type: "loading" }
  | { readonly type: "served"; readonly served: PuzzleServed }
  | { readonly type: "failed"; readonly code: string; readonly message: string }
  | { readonly type: "played"; readonly move: string }
  | { readonly type: "answered"; readonly result: PuzzleAttemptResult }
  | { readonly type: "replyShown" };

export const INITIAL_TRAINER: TrainerState = {
  phase: "loading",
  puzzle: null,
  player: null,
  day: null,
  moves: [],
  reply: null,
  outcome: null,
  failure: null,
  streak: 0,
  streakOver: false,
};

/** The trainer's state after an action; actions that do not fit the phase (a late answer, a double click) change nothing. */
export function trainerReducer(state: TrainerState, action: TrainerAction): TrainerState {
  switch (action.type) {
    case "loading": {
      // A new streak starts after the one that ended; otherwise the count carries on.
      const restart = state.streakOver;
      return {
        ...INITIAL_TRAINER,
        player: state.player,
        streak: restart ? 0 : state.streak,
      };
    }
    case "served":
      if (state.phase !== "loading") return state;
      return {
        ...state,
        phase: "your-move",
        puzzle: action.served.puzzle,
        player: action.served.player,
        day: action.served.day ?? null,
      };
    case "failed":
      // A failed attempt takes its move back, so the player may try it again; a failed load has no puzzle.
      if (state.phase === "checking") {
        return { ...state, phase: "your-move", moves: state.moves.slice(0, -1), failure: action };
      }
      if (state.phase !== "loading") return state;
      return { ...state, phase: "failed", failure: { code: action.code, message: action.message } };
    case "played":
      if (state.phase !== "your-move") return state;
      return { ...state, phase: "checking", moves: [...state.moves, action.move], failure: null };
    case "answered":
      return state.phase === "checking" ? answered(state, action.result) : state;
    case "replyShown":
      if (state.phase !== "reply" || state.reply === null) return state;
      return { ...state, phase: "your-move", moves: [...state.moves, state.reply], reply: null };
  }
}

function answered(state: TrainerState, result: PuzzleAttemptResult): TrainerState {
  if (!result.done) return { ...state, phase: "reply", reply: result.reply };
  const player = afterChange(state.player, result.ratingChange);
  if (result.correct) {
    return {
      ...state,
      phase: "over",
      player,
      outcome: { kind: "solved", solution: result.solution, ratingChange: result.ratingChange },
      streak: state.streak + 1,
    };
  }
  return {
    ...state,
    phase: "over",
    player,
    outcome: {
      kind: "wrong",
      solution: result.solution,
      refutation: result.refutation,
      shortfall: result.shortfall,
      ratingChange: result.ratingChange,
    },
    streakOver: true,
  };
}

/** The rating shown after a rated attempt: the server's new value, without waiting for the next puzzle. */
function afterChange(player: PuzzleRating | null, change: PuzzleRatingChange | null): PuzzleRating | null {
  if (player === null || change === null) return player;
  return { ...player, rating: change.after, attempts: player.attempts + 1 };
}

/** The best streak kept across visits: the larger of the one kept and this one. */
export function bestStreak(kept: number, state: TrainerState): number {
  return Math.max(kept, state.streak);
}
