import type { Game } from "@arena/engine/core/game";
import type { GameId } from "@arena/engine/registry";
import type { MatchModel } from "@arena/match";
import type { ReactNode } from "react";

/** What every board component is given. The board knows no rules: legal moves come from the engine state. */
export interface BoardProps<S, M> {
  readonly state: S;
  /** The last move in the game's notation ("f5"), or null. */
  readonly lastMove: string | null;
  /** Whether clicks play moves (the viewer holds the seat to move, the game is live, no replay). */
  readonly interactive: boolean;
  /** Plays a move the engine listed as legal (a method, so that boards of every game share one type). */
  onMove(this: void, move: M): void;
}

/** One option of the create form, with the engine's bounds (games.md). */
export interface OptionField {
  readonly key: string;
  readonly label: string;
  readonly kind: "number" | "choice";
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  readonly initial: string | number;
}

/** Raw option values as the create form holds them; the engine validates them. */
export type OptionValues = Readonly<Record<string, string | number>>;

/** How the create form fills a seat. */
export type SeatChoice = "me" | "open" | "invite" | "ai";

/** A one-click game against the computer, from the lobby's "Play the computer". */
export interface QuickGame {
  readonly label: string;
  readonly seats: readonly SeatChoice[];
  /** AI level per seat (ignored for seats that are not "ai"). */
  readonly levels: readonly number[];
}

/** How a finished game reads in the result banner. */
export interface ResultWording {
  /** The reason of a win by the rules ("by score", "with a line", "by conquest"). */
  readonly byRules: string;
  /** Whether the banner shows the scores ("33–31"): not for games whose scores are just 1–0. */
  readonly showScores: boolean;
}

/** What the room's extras are given. */
export interface ExtraProps<S> {
  readonly model: MatchModel;
  /** The position shown (the current one, or one being replayed). */
  readonly state: S;
  /** Who sits in each seat, as the room names them ("Alice", "Computer (level 3)"). */
  readonly players: readonly string[];
}

/**
 * Everything the web app knows about one game, found by game id in `registry.ts`. Functions are written as
 * methods (bivariant in their parameters, as the engine's `Game` is) so that a game's module, typed with its
 * own state and move, is an entry of the registry (`AnyWebGame`): the room only ever hands a game the states
 * that game's engine made. `this: void` says they may be called detached (components, callbacks).
 */
export interface WebGame<S, M> {
  readonly id: GameId;
  /** The engine's rules object (from `@arena/engine/games/<id>/index`: rules only, never the AI). */
  readonly rules: Game<S, M, unknown>;
  Board(this: void, props: BoardProps<S, M>): ReactNode;
  /** An example of the notation, for the move box ("f5"). */
  readonly moveHint: string;
  /** "Black", "Red", …: the seat's name in this game. */
  seatName(this: void, seat: number): string;
  /** The seat's colour (a CSS colour) for its swatch. */
  seatColor(this: void, seat: number): string;
  readonly result: ResultWording;
  /** Moves per numbered row of the move list (Othello: black and white; Dice of Doom: one turn step). */
  readonly movesPerRow: number;
  /** The create form's option fields. */
  readonly optionFields: readonly OptionField[];
  /** Whether the form shows a field for these values (Connect-k hides the sizes its presets fix). */
  showsField?(this: void, field: OptionField, values: OptionValues): boolean;
  /** The `options` of `room:create` for the form's values. */
  optionsPayload(this: void, values: OptionValues): Record<string, string | number>;
  readonly quickGame: QuickGame;
  /** The offline board demo's start: options and seed for the engine's `initial`. */
  readonly demo: { readonly options: OptionValues; readonly seed: number };
  readonly extras?: {
    /** Shown beside the seats (Othello: the disc counts). */
    Summary?(this: void, props: ExtraProps<S>): ReactNode;
    /** One line about a position, for the board demo ("Black 2 · White 2"). */
    describe?(this: void, state: S): string;
    /** Shown under the move list once moves are played (Othello: GGF and transcript). */
    Export?(this: void, props: ExtraProps<S>): ReactNode;
  };
}

/** A registry entry whose state and move types the caller does not know. */
export type AnyWebGame = WebGame<unknown, unknown>;
