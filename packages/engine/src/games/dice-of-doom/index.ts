import { checkedPlay } from "../../core/checked-play.js";
import { type GameError, gameError } from "../../core/errors.js";
import { type ChanceOutcome, type Game, type Seat } from "../../core/game.js";
import { type Result, err } from "../../core/result.js";
import { Random } from "../../core/rng.js";
import { bookBoard, generateBoard } from "./board.js";
import { hashState } from "./hash.js";
import { isWellFormedMove } from "./moves.js";
import { formatMove, parseMove } from "./notation.js";
import { parseOptions } from "./options.js";
import { renderState } from "./render.js";
import {
  applyMove,
  chanceOutcomes,
  diceFor,
  eliminateSeat,
  hasAttack,
  isOver,
  legalMoves,
  outcomeOf,
} from "./rules.js";
import { deserializeState, serializeState } from "./serialize.js";
import { type DiceOfDoomBoard, type DiceOfDoomOptions, type DiceOfDoomState, GAME_ID } from "./types.js";

export {
  type DiceOfDoomBoard,
  type DiceOfDoomOptions,
  type DiceOfDoomRules,
  type DiceOfDoomState,
  GAME_ID as DICE_OF_DOOM_ID,
  NEUTRAL,
  RULES as DICE_OF_DOOM_RULES,
} from "./types.js";
export { PASS, attackMove, attackSource, attackTarget } from "./moves.js";
export { DICE_PROBABILITY, attackProbability, exactAttackProbability } from "./probability.js";
export { isThreatened, largestCluster, neighbors, scoreBoard } from "./board.js";
export { addNewDice, attackWins, isLegal, nextLiveSeat } from "./rules.js";
export { cellName, parseCell } from "./notation.js";

// Shared so `toMove` does not allocate on every call.
const SEAT_LISTS: readonly (readonly Seat[])[] = Object.freeze(
  [0, 1, 2, 3].map((seat) => Object.freeze([seat])),
);
const NOBODY: readonly Seat[] = Object.freeze([]);

export interface DiceOfDoomGame extends Game<DiceOfDoomState, number, DiceOfDoomOptions> {
  eliminate(state: DiceOfDoomState, seat: Seat): DiceOfDoomState;
  chanceOutcomes(state: DiceOfDoomState, move: number): readonly ChanceOutcome<DiceOfDoomState>[];
  diceFor(state: DiceOfDoomState, move: number): readonly number[];
}

/** When the balanced deal replaced the book's (a match created before it may have the book's deal). */
const BALANCED_DEAL_SINCE = 1_795_824_000_000; // 2026-11-28T00:00:00Z

/** The start from a deal; seat 0 must have an attack: a board without one would be over before its first move (§3). */
function dealt(
  options: DiceOfDoomOptions,
  deal: (playable: (board: DiceOfDoomBoard) => boolean) => {
    readonly owner: number[];
    readonly dice: number[];
  },
): DiceOfDoomState {
  const chance = options.rules === "chance";
  const { owner, dice } = deal((board) => hasAttack(board, 0, chance));
  const eliminated = new Array<boolean>(options.players).fill(false);
  const board = { size: options.size, owner, dice };
  return {
    options,
    size: options.size,
    owner,
    dice,
    player: 0,
    spare: 0,
    firstMove: true,
    eliminated,
    over: isOver(board, 0, true, eliminated, chance),
  };
}

/**
 * Dice of Doom (Land of Lisp ch. 15–20). "classic" is v2: deterministic
 * attacks needing strictly more dice, reinforcement = captured dice − 1.
 * "chance" is v4: any hex with 2+ dice may attack, real dice decide,
 * reinforcement = largest connected territory.
 *
 * Where we depart from the book, on purpose:
 * - v4 ends the game when the turn reaches an eliminated seat; here
 *   eliminated seats are skipped and the game goes on.
 * - An eliminated seat (no hex left, or `eliminate`) leaves its hexes as
 *   NEUTRAL hexes: they keep their dice, never attack or reinforce, and any
 *   seat may attack them. See `eliminateSeat` for the turn hand-over.
 * - Boards are drawn again until every seat owns a hex and seat 0 can attack (`generateBoard`).
 * - The state keeps no random generator: a chance attack is applied with
 *   the dice rolled for it (`diceFor`), by the server from a secret stream.
 * - Moves are written "a1>b1" ("a1-b1" is read too) and "pass".
 */
export const diceOfDoom: DiceOfDoomGame = {
  id: GAME_ID,
  title: "Dice of Doom",
  parseOptions,
  seatCount: (options) => options.players,
  initial: (options, seed) => dealt(options, (playable) => generateBoard(options, seed, playable)),
  // Matches created before the balanced deal logged the book's (docs/dice-of-doom.md §3).
  formerDeal: {
    until: BALANCED_DEAL_SINCE,
    initial: (options, seed) => dealt(options, (playable) => bookBoard(options, new Random(seed), playable)),
  },
  optionsOf: (state) => state.options,
  toMove: (state) => (state.over ? NOBODY : (SEAT_LISTS[state.player] ?? NOBODY)),
  legalMoves,
  forcedMove: () => null,
  play(state, move, seat, rolls): Result<DiceOfDoomState, GameError> {
    const result = checkedPlay(diceOfDoom, state, move, seat, undefined, rolls);
    if (!result.ok && result.error.code === "illegal-move" && !isWellFormedMove(move, state.size)) {
      // Untrusted: only a number is safe to put in the message (String() can throw on objects).
      const shown = typeof move === "number" ? String(move) : typeof move;
      return err(gameError("malformed-move", `${shown} is not a Dice of Doom move`));
    }
    return result;
  },
  apply: applyMove,
  outcome: outcomeOf,
  parseMove: (state, text) => parseMove(text, state.size),
  formatMove: (state, move) => formatMove(move, state.size),
  serialize: serializeState,
  deserialize: deserializeState,
  hash: hashState,
  render: renderState,
  // render draws the seats as a, b, c, d.
  renderSeat: (seat) => `Player ${String.fromCharCode(97 + seat)}`,
  eliminate: eliminateSeat,
  chanceOutcomes,
  diceFor,
};
