import type { Game } from "@arena/engine/core/game";
import type { GameId } from "@arena/engine/registry";
import type { MatchModel } from "@arena/match";
import type { AnalysedMove, AnalysedPosition } from "@arena/protocol";
import type { ReactNode } from "react";
import type { Messages } from "../i18n/catalogue";
import type { Locale } from "../i18n/locales";
import type { MessageValues, Words } from "../i18n/words";

/** What every board component is given. The board knows no rules: legal moves come from the engine state. */
export interface BoardProps<S, M> {
  readonly state: S;
  /** The last move in the game's notation ("f5"), or null. */
  readonly lastMove: string | null;
  /** Whether clicks play moves (the viewer holds the seat to move, the game is live, no replay). */
  readonly interactive: boolean;
  /** The seat the viewer plays (the first they hold), or null for a spectator: a board may turn to face it. */
  readonly viewerSeat: number | null;
  /** A move to mark on the board (the analysis's best move), or null/absent for none. */
  readonly hint?: M | null;
  /** Turned half round from the board's usual side for this viewer (the flip button, `f`), coordinates too. */
  readonly flipped?: boolean;
  /**
   * While the opponent is to move: the move queued to play the moment the viewer's turn arrives, and where
   * a click on a square goes (`room/premove.ts`). Absent: no premove now, or the game has none.
   */
  readonly premove?: Premove<M>;
  /** Plays a move the engine listed as legal (a method, so that boards of every game share one type). */
  onMove(this: void, move: M): void;
}

/** The premove a board shows and takes clicks for (Othello squares, Connect-k columns). */
export interface Premove<M> {
  readonly queued: M | null;
  /** A click on a square or column that may become legal: queues it, or cancels it if already queued. */
  onClick(this: void, move: M): void;
}

/** One option of the create form, with the engine's bounds (games.md). */
export interface OptionField {
  readonly key: string;
  /** The field's name: a key of the game's messages (`games.<id>`), like every text of a `WebGame`. */
  readonly label: string;
  readonly kind: "number" | "choice" | "text";
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  /** How the form names each choice (keys of the game's messages), when not by the value itself. */
  readonly choiceLabels?: Readonly<Record<string, string>>;
  /** An example of the value, for a text field's placeholder. */
  readonly placeholder?: string;
  readonly initial: string | number;
}

/** Raw option values as the create form holds them; the engine validates them. */
export type OptionValues = Readonly<Record<string, string | number>>;

/** How the create form fills a seat: "player" invites an account by name (docs/protocol.md). */
export type SeatChoice = "me" | "open" | "invite" | "player" | "ai";

/** A one-click game against the computer, from the lobby's "Play the computer". */
export interface QuickGame {
  /** The button's text: a key of the game's messages. */
  readonly label: string;
  /** What the button starts, shown as its tooltip ("You are Black against …"): a key of its messages. */
  readonly description?: string;
  /** One per seat; the viewer sits in the "me" seat. */
  readonly seats: readonly SeatChoice[];
  /** AI level per seat (ignored for seats that are not "ai"). */
  readonly levels: readonly number[];
}

/** A variant's name: a key of the game's messages, with the values it is formatted with. */
export interface VariantName {
  readonly key: string;
  readonly values?: MessageValues;
}

/** How a finished game reads in the result banner. */
export interface ResultWording<S> {
  /** The reason of a win by the rules ("by score", "with a line", "by conquest"): a key of its messages. */
  readonly byRules: string;
  /** Whether the banner shows the scores ("33–31"): not for games whose scores are just 1–0. */
  readonly showScores: boolean;
  /**
   * For games that end by the rules in more than one way: how this one ended, read from its final
   * position ("by stalemate"), for wins and draws alike, as a key of the game's messages. Without it a win
   * reads `byRules`, a draw "by score".
   */
  endedBy?(this: void, state: S): string;
}

/**
 * How a game is spoken in the screen-reader mode (docs/web.md, "Screen-reader mode"), in its own messages
 * (`speech.*`). Notation stays notation; the words around it are the game's.
 */
export interface GameSpeech<S, M> {
  /** One move as the announcer says it: the seat, the move and what it changed ("Black d3, flips d4"). */
  move(this: void, before: S, move: M, after: S, words: Words): string;
  /** The score in words ("Black 4, White 1"); absent: the game's one-line description, if any. */
  score?(this: void, state: S, words: Words): string;
}

/** What the room's extras are given. */
export interface ExtraProps<S> {
  readonly model: MatchModel;
  /** The position shown (the current one, or one being replayed). */
  readonly state: S;
  /** Who sits in each seat, as the room names them ("Alice", "Computer (level 3)"). */
  readonly players: readonly string[];
}

/** A position editor of the analysis board: it hands back a state the game's rules built. */
export interface EditorProps<S> {
  readonly state: S;
  onChange(this: void, state: S): void;
}

/** How a game shows a post-game analysis (docs/analysis.md, "In the browser"). */
export interface AnalysisPresentation {
  /** What the chart plots ("Final disc difference for Black"): a key of the game's messages. */
  readonly chartTitle: string;
  /** The values the chart plots for a position, one line each (null: a gap, e.g. an estimate off the scale). */
  chartValues(this: void, position: AnalysedPosition): readonly (number | null)[];
  /** The y axis, when the game's scale is fixed (discs: −64..64); else it fits the values. */
  readonly chartRange?: readonly [number, number];
  /** A position's evaluation in words: "+6", "Red wins with its 3rd disc", "Black 63 %", "mate in 4". */
  describe(this: void, position: AnalysedPosition, words: Words): string;
  /** The mark beside a played move ("−6", "optimal", "+3", "win → draw"), or null for none. */
  mark(
    this: void,
    move: AnalysedMove,
    before: AnalysedPosition,
    after: AnalysedPosition,
    words: Words,
  ): string | null;
}

/**
 * Everything the web app knows about one game, found by game id in `registry.ts`. Functions are written as
 * methods (bivariant in their parameters, as the engine's `Game` is) so that a game's module, typed with its
 * own state and move, is an entry of the registry (`AnyWebGame`): the room only ever hands a game the states
 * that game's engine made. `this: void` says they may be called detached (components, callbacks).
 *
 * Every text a game shows is in its messages (`games.<id>` of each language's catalogue, issue 17; the
 * game's `messages/` folder, found by id in `messages.ts`): its fields hold keys of them, and its functions that word something are given `words`, a translator over
 * that namespace. Notation (moves, squares) is never translated.
 */
export interface WebGame<S, M> {
  readonly id: GameId;
  /** The engine's rules object (from `@arena/engine/games/<id>/index`: rules only, never the AI). */
  readonly rules: Game<S, M, unknown>;
  Board(this: void, props: BoardProps<S, M>): ReactNode;
  /** Examples of the notation, for the move box ("f5", "a1>b1, pass"): notation only, shown in every language. */
  readonly moveHint: string;
  /** "Black", "Red", …: the seat's name in this game. */
  seatName(this: void, seat: number, words: Words): string;
  /** The seat's colour (a CSS colour) for its swatch. */
  seatColor(this: void, seat: number): string;
  readonly result: ResultWording<S>;
  /** Moves per numbered row of the move list (Othello: black and white; Dice of Doom: one turn step). */
  readonly movesPerRow: number;
  /** The create form's option fields. */
  readonly optionFields: readonly OptionField[];
  /** Whether the form shows a field for these values (Connect-k hides the sizes its presets fix). */
  showsField?(this: void, field: OptionField, values: OptionValues): boolean;
  /** The `options` of `room:create` for the form's values. */
  optionsPayload(this: void, values: OptionValues): Record<string, string | number>;
  /**
   * The name of the variant a room's options make ("Connect Four", "Trilobite"), as a key of the game's
   * messages and its values: rooms, lobby lists and titles name a room by it. Absent, or null for options
   * it cannot read: the game's title.
   */
  variant?(this: void, options: unknown): VariantName | null;
  /** The lobby's one-click games against the computer, in the order shown. */
  readonly quickGames: readonly QuickGame[];
  /** The offline board demo's start: options and seed for the engine's `initial`. */
  readonly demo: { readonly options: OptionValues; readonly seed: number };
  /** How its post-game analysis reads; every game has one (the server analyses every game). */
  readonly analysis: AnalysisPresentation;
  /**
   * Sets a position up by hand on the analysis board (Othello: squares cycle, side to move; krk: a FEN).
   * Absent: positions are set up by playing moves (Connect-k: discs dropped in turn, which is how its
   * positions exist: its state is the sequence of moves).
   */
  Editor?(this: void, props: EditorProps<S>): ReactNode;
  /** Its words for the screen-reader mode; absent: moves are announced as seat and notation. */
  readonly speech?: GameSpeech<S, M>;
  readonly extras?: {
    /** Shown beside the seats (Othello: the disc counts). */
    Summary?(this: void, props: ExtraProps<S>): ReactNode;
    /** One line about a position, for the board demo ("Black 2 · White 2"). */
    describe?(this: void, state: S, words: Words): string;
    /** Shown under the move list once moves are played (Othello: GGF and transcript). */
    Export?(this: void, props: ExtraProps<S>): ReactNode;
  };
}

/**
 * A game's messages per language: its title, seat names, result wording, form fields, analysis and
 * How-to-play page (`howTo`). The catalogue test checks that every language has every key.
 */
export type GameMessages = Readonly<Record<Locale, Messages>>;

/** A registry entry whose state and move types the caller does not know. */
export type AnyWebGame = WebGame<unknown, unknown>;
