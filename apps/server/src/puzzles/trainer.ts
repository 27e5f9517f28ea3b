import { getGame, isGameId } from "@arena/engine";
import {
  failure,
  type Failure,
  type PuzzleAttemptRequest,
  type PuzzleAttemptResult,
  type PuzzleHistory,
  type PuzzleNextQuery,
  type PuzzleRating,
  type PuzzleRatingChange,
  type PuzzleServed,
  type PuzzleShortfall,
  type PuzzleThemes,
  type PuzzleView,
} from "@arena/protocol";
import { type AnyPuzzleFinder, type Puzzle, puzzleFinder } from "@arena/puzzles";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import {
  type Glicko,
  type PuzzlePlayer,
  type PuzzleSolver,
  type PuzzleStore,
  type StoredPuzzle,
} from "../store/ports/puzzles.js";
import { PLAYER_START, provisional, rateAttempt } from "./rating.js";
import { type Refuter } from "./refuter.js";
import { loadSeedSet } from "./seed-set.js";

/** Where a streak starts and how much harder each step is (rating points). */
export const STREAK_START = 1000;
export const STREAK_STEP = 50;
/** A guest's puzzles are served near this, the rating every player starts from. */
export const GUEST_TARGET = 1500;
/** Best-play plies a refutation shows after the wrong move. */
export const REFUTATION_PLIES = 4;
/** How long a game's theme counts are served from memory (mined puzzles add to them now and then). */
export const THEMES_FRESH_MS = 60_000;
/** Attempts a history answer lists. */
export const HISTORY_PAGE = 100;
/** Tries of a rated write whose guard another process's write broke (each rereads both ratings). */
const RATED_TRIES = 5;

/** An answer, or a failure with the HTTP status it goes with. */
export type Answer<T> = { readonly ok: true; readonly value: T } | (Failure & { readonly status: number });

const fail = (status: number, code: Parameters<typeof failure>[0], message: string) => ({
  ...failure(code, message),
  status,
});
const NO_GAME = (gameId: string) => fail(404, "not-found", `no puzzles for the game ${gameId.slice(0, 32)}`);

export interface TrainerDeps {
  readonly store: PuzzleStore;
  readonly refuter: Refuter;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The seed set's folder (default: `@arena/puzzles`'s data). */
  readonly seedFolder?: string;
}

/** The UTC day of `at`, as `2026-11-29`. */
export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * The puzzle trainer (docs/puzzles.md, "Serving and rating"): serves puzzles from the store, replays
 * attempts with the game's rules, rates first completed attempts, and keeps the daily puzzle.
 */
export class PuzzleTrainer {
  /** This process's daily puzzles already agreed on, by game and day: one store round trip a day. */
  private readonly dailies = new Map<string, string>();
  /** Each game's themes as last read, and when. */
  private readonly themesRead = new Map<string, { at: number; value: PuzzleThemes }>();

  constructor(private readonly deps: TrainerDeps) {}

  /** Adds the seed set's new puzzles to the store (on every start: existing ones keep their ratings). */
  async start(): Promise<void> {
    const loaded = await loadSeedSet(this.deps.store, this.deps.seedFolder);
    if (typeof loaded === "string") throw new Error(`the puzzle seed set does not load: ${loaded}`);
    this.deps.logger.info(loaded, "puzzle seed set loaded");
  }

  async close(): Promise<void> {
    await this.deps.refuter.close();
  }

  async next(solver: PuzzleSolver, query: PuzzleNextQuery): Promise<Answer<PuzzleServed>> {
    const finder = finderOf(query.gameId);
    if (finder === null) return NO_GAME(query.gameId);
    const player = solver.guest ? null : await this.ratingOf(solver.id, query.gameId);
    const streak = query.mode === "streak";
    const picked = await this.deps.store.pick(solver.id, {
      gameId: query.gameId,
      ...(query.theme === undefined ? {} : { theme: query.theme }),
      rating: streak ? STREAK_START + query.step * STREAK_STEP : (player?.rating ?? GUEST_TARGET),
      order: streak ? "from" : "near",
    });
    if (picked === null)
      return fail(404, "no-puzzle", "no puzzle is left for you here: try another theme or game");
    await this.deps.store.markSeen(solver, picked.puzzle.id, this.deps.clock.now());
    return { ok: true, value: { ok: true, puzzle: viewOf(picked, finder), player } };
  }

  async daily(solver: PuzzleSolver, gameId: string): Promise<Answer<PuzzleServed>> {
    const finder = finderOf(gameId);
    if (finder === null) return NO_GAME(gameId);
    const day = utcDay(this.deps.clock.now());
    const id = await this.dailyId(gameId, day);
    const stored = id === null ? null : await this.deps.store.get(id);
    if (stored === null) return fail(404, "no-puzzle", "there is no daily puzzle for this game");
    const player = solver.guest ? null : await this.ratingOf(solver.id, gameId);
    return { ok: true, value: { ok: true, puzzle: viewOf(stored, finder), player, day } };
  }

  /**
   * A game's themes, for anyone: a game of ours without puzzles has none; an unknown game is not found.
   * Read from the store at most once a `THEMES_FRESH_MS` per game, so that the public read costs nothing.
   */
  async themes(gameId: string): Promise<Answer<PuzzleThemes>> {
    if (!isGameId(gameId)) return NO_GAME(gameId);
    if (finderOf(gameId) === null) return { ok: true, value: { ok: true, themes: [] } };
    const now = this.deps.clock.now();
    const cached = this.themesRead.get(gameId);
    if (cached !== undefined && now - cached.at < THEMES_FRESH_MS) return { ok: true, value: cached.value };
    const value: PuzzleThemes = { ok: true, themes: await this.deps.store.themes(gameId) };
    this.themesRead.set(gameId, { at: now, value });
    return { ok: true, value };
  }

  async history(accountId: string, gameId: string): Promise<Answer<PuzzleHistory>> {
    if (finderOf(gameId) === null) return NO_GAME(gameId);
    const player = await this.ratingOf(accountId, gameId);
    const attempts = await this.deps.store.history(accountId, gameId, HISTORY_PAGE);
    return {
      ok: true,
      value: {
        ok: true,
        player,
        attempts: attempts.map(({ puzzleId, at, correct, rating, puzzleRating }) => ({
          puzzleId,
          at,
          correct,
          rating,
          puzzleRating,
        })),
      },
    };
  }

  /**
   * An attempt: the moves replayed with the game's rules against the line. Right so far answers the reply;
   * the whole line, or a wrong player move, finishes it (recorded, and rated if it is the account's first).
   */
  async attempt(
    solver: PuzzleSolver,
    puzzleId: string,
    request: PuzzleAttemptRequest,
  ): Promise<Answer<PuzzleAttemptResult>> {
    const stored = await this.deps.store.get(puzzleId);
    const finder = stored === null ? null : finderOf(stored.puzzle.gameId);
    if (stored === null || finder === null) return fail(404, "not-found", "no such puzzle");
    const { puzzle } = stored;
    const replay = replayAttempt(puzzle, finder, request.moves);
    if (!replay.ok) return replay;
    if (replay.value.kind === "going") {
      return { ok: true, value: { ok: true, correct: true, done: false, reply: replay.value.reply } };
    }
    const correct = replay.value.kind === "solved";
    const ratingChange = await this.finish(solver, stored, correct, request.rated);
    if (replay.value.kind === "solved") {
      return {
        ok: true,
        value: { ok: true, correct: true, done: true, solution: puzzle.line, ratingChange },
      };
    }
    const { index, played } = replay.value;
    const moves = [...request.moves.slice(0, index), played];
    const refutation = (await this.deps.refuter.refute({
      gameId: puzzle.gameId,
      position: puzzle.position,
      moves,
      plies: REFUTATION_PLIES,
    })) ?? [played];
    return {
      ok: true,
      value: {
        ok: true,
        correct: false,
        done: true,
        solution: puzzle.line,
        refutation,
        shortfall: shortfallOf(puzzle, index, played),
        ratingChange,
      },
    };
  }

  /** Records a finished attempt; rates it when asked, for an account, the first time it completes the puzzle. */
  private async finish(
    solver: PuzzleSolver,
    stored: StoredPuzzle,
    correct: boolean,
    wantsRated: boolean,
  ): Promise<PuzzleRatingChange | null> {
    const { store, clock } = this.deps;
    const { puzzle } = stored;
    const at = clock.now();
    for (let tries = 0; tries < RATED_TRIES; tries++) {
      const current = await store.get(puzzle.id);
      if (current === null) throw new Error(`puzzle ${puzzle.id} vanished from the store`);
      const rated = wantsRated && !solver.guest && !(await store.completed(solver.id, puzzle.id));
      if (!rated) {
        const entry = { puzzleId: puzzle.id, at, correct, rated: false, rating: null };
        await store.record(
          solver,
          puzzle.gameId,
          { ...entry, puzzleRating: Math.round(current.glicko.rating) },
          null,
        );
        return null;
      }
      const player: PuzzlePlayer = (await store.player(solver.id, puzzle.gameId)) ?? {
        glicko: PLAYER_START,
        attempts: 0,
      };
      const next = rateAttempt(player.glicko, current.glicko, correct);
      const outcome = await store.record(
        solver,
        puzzle.gameId,
        {
          puzzleId: puzzle.id,
          at,
          correct,
          rated: true,
          rating: Math.round(next.player.rating),
          puzzleRating: Math.round(next.puzzle.rating),
        },
        {
          player: next.player,
          expectedAttempts: player.attempts,
          puzzle: next.puzzle,
          expectedPlays: current.plays,
        },
      );
      if (outcome === "recorded") return changeOf(player.glicko, next.player);
    }
    throw new Error(`a rated puzzle attempt lost ${RATED_TRIES} races in a row`);
  }

  private async ratingOf(accountId: string, gameId: string): Promise<PuzzleRating> {
    const player = await this.deps.store.player(accountId, gameId);
    const glicko = player?.glicko ?? PLAYER_START;
    const attempts = player?.attempts ?? 0;
    return {
      rating: Math.round(glicko.rating),
      deviation: Math.round(glicko.rd),
      provisional: provisional(glicko.rd, attempts),
      attempts,
    };
  }

  /**
   * The day's puzzle of a game: the first process to ask picks one near 1500 that was never a daily puzzle
   * (the dailies' own seen set), and the store keeps the first pick of the day, which every process reads.
   */
  private async dailyId(gameId: string, day: string): Promise<string | null> {
    const key = `${gameId} ${day}`;
    const known = this.dailies.get(key);
    if (known !== undefined) return known;
    const dailies: PuzzleSolver = { id: `~daily:${gameId}`, guest: false };
    const candidate = await this.deps.store.pick(dailies.id, { gameId, rating: GUEST_TARGET, order: "near" });
    if (candidate === null) return null;
    const id = await this.deps.store.daily(gameId, day, candidate.puzzle.id);
    if (id === candidate.puzzle.id) await this.deps.store.markSeen(dailies, id, this.deps.clock.now());
    // One day's entry is enough to remember.
    this.dailies.clear();
    this.dailies.set(key, id);
    return id;
  }
}

function finderOf(gameId: string): AnyPuzzleFinder | null {
  return isGameId(gameId) ? puzzleFinder(gameId) : null;
}

function viewOf(stored: StoredPuzzle, finder: AnyPuzzleFinder): PuzzleView {
  const { puzzle, glicko, plays } = stored;
  const loaded = finder.load(puzzle.position);
  // The store holds only parsed seed puzzles, whose positions their finder made: one that does not load is a bug.
  if (!loaded.ok) throw new Error(`puzzle ${puzzle.id}: ${loaded.error.message}`);
  return {
    id: puzzle.id,
    gameId: puzzle.gameId,
    position: puzzle.position,
    sideToMove: puzzle.sideToMove,
    rating: Math.round(glicko.rating),
    themes: puzzle.themes,
    state: getGame(puzzle.gameId).serialize(loaded.value),
    playerMoves: puzzle.proof.length,
    plays,
  };
}

type Replay =
  | { readonly kind: "going"; readonly reply: string }
  | { readonly kind: "solved" }
  /** The player's move at `index` of the line was `played`, not the line's. */
  | { readonly kind: "wrong"; readonly index: number; readonly played: string };

/**
 * The moves against the line, each parsed by the game's rules on the position it is played in and compared
 * in the game's own notation (`formatMove`); a reply must be the line's, and the moves end with a player's.
 */
export function replayAttempt(
  puzzle: Puzzle,
  finder: AnyPuzzleFinder,
  moves: readonly string[],
): { readonly ok: true; readonly value: Replay } | (Failure & { readonly status: number }) {
  const game = getGame(puzzle.gameId);
  const loaded = finder.load(puzzle.position);
  if (!loaded.ok) throw new Error(`puzzle ${puzzle.id}: ${loaded.error.message}`);
  if (moves.length > puzzle.line.length)
    return fail(400, "invalid-payload", "more moves than the puzzle has");
  if (moves.length % 2 === 0) return fail(400, "invalid-payload", "an attempt ends with your move");
  let state = loaded.value;
  for (const [index, text] of moves.entries()) {
    const move = game.parseMove(state, text);
    const played = move.ok ? game.play(state, move.value) : move;
    if (!move.ok || !played.ok) {
      const error = move.ok ? (played.ok ? null : played.error) : move.error;
      return fail(
        400,
        error?.code ?? "illegal-move",
        `move ${index + 1}: ${error?.message ?? "refused"}`.slice(0, 200),
      );
    }
    const notation = game.formatMove(state, move.value);
    if (notation !== puzzle.line[index]) {
      if (index % 2 === 1)
        return fail(400, "invalid-payload", `move ${index + 1}: the reply is ${puzzle.line[index]}`);
      return { ok: true, value: { kind: "wrong", index, played: notation } };
    }
    state = played.value;
  }
  if (moves.length === puzzle.line.length) return { ok: true, value: { kind: "solved" } };
  return { ok: true, value: { kind: "going", reply: puzzle.line[moves.length] ?? "" } };
}

/** What the wrong move at `index` gives against the line's, from the proof's values for that position. */
function shortfallOf(puzzle: Puzzle, index: number, played: string): PuzzleShortfall | null {
  const step = puzzle.proof[index / 2];
  const best = step?.values.find((entry) => entry.move === step.move)?.value;
  const wrong = step?.values.find((entry) => entry.move === played);
  if (best === undefined || best === null || wrong === undefined) return null;
  return { unit: puzzle.unit, best, played: wrong.value };
}

function changeOf(before: Glicko, after: Glicko): PuzzleRatingChange {
  const from = Math.round(before.rating);
  const to = Math.round(after.rating);
  return { before: from, after: to, delta: to - from };
}
