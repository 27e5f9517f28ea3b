import { diceOf, rollDice } from "@arena/engine/core/chance";
import type { AnyGame, Seat } from "@arena/engine/core/game";
import { Random, nextRandom } from "@arena/engine/core/rng";
import type { AnyPlayer, NodeCounter, PlayerContext } from "../players/types.js";

/** How a game ended: played out, a seat's flag fell, a seat made an illegal move, or the ply cap hit. */
export const END_REASONS = ["normal", "timeout", "illegal", "move-limit"] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface ClockSetting {
  readonly baseMs: number;
  readonly incrementMs: number;
}

export interface MatchOptions {
  /** Drives the start position, the random opening, the dice of chance moves and every player's generator. */
  readonly seed: number;
  /** Without a clock players have unlimited time (`remainingMs` is Infinity). */
  readonly clock?: ClockSetting;
  /** Milliseconds; required with a clock, and used for the per-move times either way. */
  readonly now?: () => number;
  /**
   * Plies of uniformly random moves before the players take over (PAIP's
   * `switch-strategies` with `random-strategy`). The opening depends only on
   * the seed, so two games with one seed share it.
   */
  readonly randomStartPlies?: number;
  /** Games longer than this end as a draw with reason "move-limit"; default 5000 plies. */
  readonly maxPlies?: number;
  /** Disc (or point) total a forfeit awards the other side; default 64 for Othello, else 1. */
  readonly forfeitScore?: number;
  readonly onMove?: (event: MoveEvent) => void;
}

/** How a move came about: chosen by a player, forced by the rules (a pass), or part of the random opening. */
export type MoveKind = "player" | "forced" | "opening";

export interface MoveRecord {
  readonly seat: Seat;
  /** In the game's notation. */
  readonly move: string;
  readonly kind: MoveKind;
  /** Thinking time by the injected clock; 0 for forced and opening moves. */
  readonly ms: number;
  /** The dice rolled for a move with chance (Dice of Doom's chance attacks), in `diceFor` order. */
  readonly rolls?: readonly number[];
}

export interface MoveEvent {
  /** The position after the move. */
  readonly state: unknown;
  readonly record: MoveRecord;
  readonly ply: number;
  /** Remaining time per seat after the move; Infinity without a clock. */
  readonly clocks: readonly number[];
}

export interface MatchResult {
  readonly reason: EndReason;
  /** One per seat. A forfeit in a two-seat game scores like PAIP's ±64: the other seat gets `forfeitScore`. */
  readonly scores: readonly number[];
  /** Seats sharing the best result; all seats is a draw. */
  readonly winners: readonly Seat[];
  /** Seats that lost on time or by an illegal move, in order. */
  readonly forfeited: readonly Seat[];
}

/** A finished game, JSON-safe. */
export interface GameRecord {
  readonly gameId: string;
  readonly seed: number;
  /** Player names, one per seat. */
  readonly players: readonly string[];
  readonly moves: readonly MoveRecord[];
  readonly result: MatchResult;
  /** Remaining clock per seat at the end, or null without a clock. */
  readonly clocks: readonly number[] | null;
  /** Positions searched per seat. */
  readonly nodes: readonly number[];
}

export interface Match {
  readonly record: GameRecord;
  readonly state: unknown;
}

const DEFAULT_MAX_PLIES = 5000;
const FORFEIT_SCORES: Readonly<Record<string, number>> = { othello: 64 };

/** A seed derived from another and a salt, so that streams for different purposes do not overlap. */
export function deriveSeed(seed: number, salt: number): number {
  return nextRandom((seed ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0).value;
}

/** The generator a match rolls its chance moves' dice from: a stream of its own, from the match's seed. */
export function diceRandom(seed: number): Random {
  return new Random(deriveSeed(seed, 0xd1ce));
}

/** One move of a random opening, with the dice it rolled (empty for a move without chance). */
export interface OpeningMove {
  readonly move: unknown;
  readonly rolls: readonly number[];
}

/**
 * The moves of a random opening of `plies` plies from the game's start for
 * `seed`; stops early if the game ends. Chance moves roll from `dice`.
 */
export function randomOpening(
  game: AnyGame,
  options: unknown,
  seed: number,
  plies: number,
  dice: Random = diceRandom(seed),
): OpeningMove[] {
  const random = new Random(deriveSeed(seed, 0x0be));
  let state = game.initial(options, seed);
  const moves: OpeningMove[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const legal = game.legalMoves(state);
    if (legal.length === 0) break;
    const move = legal[random.int(legal.length)];
    const rolls = rollDice(diceOf(game, state, move), dice);
    moves.push({ move, rolls });
    state = game.apply(state, move, rolls.length === 0 ? undefined : rolls);
  }
  return moves;
}

/**
 * Plays one game between `players` (one per seat) under PAIP's tournament
 * rules: the mover's clock runs while its strategy thinks, and a player who
 * runs out of time (or returns an illegal move) forfeits. In a two-seat game
 * the other seat wins with the full forfeit score (Othello: 64–0, PAIP's
 * ±64); in a bigger game with `eliminate` the seat is taken out and the
 * others play on.
 */
export function playMatch(
  game: AnyGame,
  options: unknown,
  players: readonly AnyPlayer[],
  settings: MatchOptions,
): Match {
  const seats = game.seatCount(options);
  if (players.length !== seats) throw new RangeError(`${game.id} with these options needs ${seats} players`);
  if (settings.clock !== undefined && settings.now === undefined) throw new RangeError("a clock needs `now`");
  const now = settings.now ?? (() => 0);
  const clocks = players.map(() => settings.clock?.baseMs ?? Infinity);
  const increment = settings.clock?.incrementMs ?? 0;
  const counters: NodeCounter[] = players.map(() => ({ count: 0 }));
  const randoms = players.map((_, seat) => new Random(deriveSeed(settings.seed, 100 + seat)));
  const dice = diceRandom(settings.seed);
  const opening = randomOpening(game, options, settings.seed, settings.randomStartPlies ?? 0, dice);
  const maxPlies = settings.maxPlies ?? DEFAULT_MAX_PLIES;
  const forfeitScore = settings.forfeitScore ?? FORFEIT_SCORES[game.id] ?? 1;
  const moves: MoveRecord[] = [];
  const forfeited: Seat[] = [];
  let state = game.initial(options, settings.seed);

  const record = (
    move: unknown,
    seat: Seat,
    kind: MoveKind,
    ms: number,
    next: unknown,
    rolls: readonly number[] = [],
  ): void => {
    const entry: MoveRecord = {
      seat,
      move: game.formatMove(state, move),
      kind,
      ms,
      ...(rolls.length === 0 ? {} : { rolls: [...rolls] }),
    };
    moves.push(entry);
    state = next;
    settings.onMove?.({ state, record: entry, ply: moves.length, clocks: [...clocks] });
  };
  const finish = (result: MatchResult): Match => ({
    state,
    record: {
      gameId: game.id,
      seed: settings.seed,
      players: players.map((player) => player.name),
      moves,
      result,
      clocks: settings.clock === undefined ? null : [...clocks],
      nodes: counters.map((counter) => counter.count),
    },
  });
  // Ends the game for a forfeit, or returns false when the game goes on without the seat.
  const forfeit = (seat: Seat, reason: EndReason): Match | false => {
    forfeited.push(seat);
    if (seats > 2 && game.eliminate !== undefined) {
      state = game.eliminate(state, seat);
      return false;
    }
    const others = Array.from({ length: seats }, (_, s) => s).filter((s) => !forfeited.includes(s));
    const scores = Array.from({ length: seats }, (_, s) => (forfeited.includes(s) ? 0 : forfeitScore));
    return finish({ reason, scores, winners: others, forfeited: [...forfeited] });
  };

  for (const { move, rolls } of opening) {
    const next = game.apply(state, move, rolls.length === 0 ? undefined : rolls);
    record(move, game.toMove(state)[0] ?? 0, "opening", 0, next, rolls);
  }
  for (;;) {
    const outcome = game.outcome(state);
    if (outcome.kind === "finished") {
      return finish({
        reason: "normal",
        scores: outcome.scores,
        winners: outcome.winners,
        forfeited: [...forfeited],
      });
    }
    const seat = game.toMove(state)[0];
    if (seat === undefined) throw new Error(`${game.id}: an ongoing game with nobody to move`);
    if (moves.length >= maxPlies) {
      const all = Array.from({ length: seats }, (_, s) => s);
      return finish({
        reason: "move-limit",
        scores: all.map(() => 0),
        winners: all,
        forfeited: [...forfeited],
      });
    }
    const forced = game.forcedMove(state);
    if (forced !== null) {
      record(forced, seat, "forced", 0, game.apply(state, forced));
      continue;
    }
    const player = players[seat];
    const random = randoms[seat];
    const nodes = counters[seat];
    if (player === undefined || random === undefined || nodes === undefined)
      throw new Error("seat out of range");
    const ctx: PlayerContext = {
      now,
      remainingMs: clocks[seat] ?? Infinity,
      incrementMs: increment,
      random,
      nodes,
    };
    const started = now();
    const move = player.choose(state, ctx);
    const elapsed = now() - started;
    const remaining = (clocks[seat] ?? Infinity) - elapsed;
    clocks[seat] = remaining;
    if (remaining < 0) {
      const ended = forfeit(seat, "timeout");
      if (ended !== false) return ended;
      continue;
    }
    clocks[seat] = remaining + increment;
    // Dice are rolled after the player chose, as a server rolls them: no strategy sees them coming.
    const rolls = rollDice(diceOf(game, state, move), dice);
    const next = game.play(state, move, seat, rolls);
    if (!next.ok) {
      const ended = forfeit(seat, "illegal");
      if (ended !== false) return ended;
      continue;
    }
    record(move, seat, "player", elapsed, next.value, rolls);
  }
}
