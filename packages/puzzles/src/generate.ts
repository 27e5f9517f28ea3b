/**
 * Generation, the same for every game (docs/puzzles.md, "Generation"): seeded self-play of the game's AI
 * levels, and at every candidate position the game's finder. The stream of puzzles depends only on the
 * game and the seed, so a run can stop anywhere and a later one continue from its last puzzle.
 */
import { type AnyGame, type AnyGameAi, type GameId, Random, aiFor, getGame } from "@arena/engine";
import type { AnyPuzzleFinder } from "./finder.js";
import { type GeneratedPuzzle, puzzleId } from "./puzzle.js";

export interface GenerateOptions {
  readonly seed: number;
  /** Where to continue: the first game to play, and in it the first ply still to look at (see `resumePoint`). */
  readonly from?: { readonly game: number; readonly ply: number };
  /** Ids already kept: a position met again is not a new puzzle. */
  readonly seen?: ReadonlySet<string>;
}

export type GenerationEvent =
  | { readonly kind: "puzzle"; readonly puzzle: GeneratedPuzzle }
  /** A self-play game is done: its number, and how many of its positions were solved. */
  | { readonly kind: "game"; readonly game: number; readonly solved: number };

/** Each game's own seed, from the run's seed and the game's number (a different stream per game). */
function gameSeed(seed: number, game: number): number {
  return (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(game + 1, 0x85ebca6b)) >>> 0;
}

/** The move self-play makes: the forced one, a random one in the opening, else the seat's level's. */
function selfPlayMove(
  game: AnyGame,
  ai: AnyGameAi,
  state: unknown,
  randomly: boolean,
  levels: readonly number[],
  random: Random,
): unknown {
  const forced = game.forcedMove(state);
  if (forced !== null) return forced;
  const legal = game.legalMoves(state);
  if (randomly) return legal[random.int(legal.length)];
  const seat = game.toMove(state)[0] ?? 0;
  return ai.choose(state, levels[seat] ?? 1, {
    remainingMs: Infinity,
    incrementMs: 0,
    now: () => 0,
    random: () => random.float(),
    seed: random.nextUint32(),
  }).move;
}

/** An endless stream: the caller stops it once it has enough puzzles. */
export function* generatePuzzles(
  gameId: GameId,
  finder: AnyPuzzleFinder,
  options: GenerateOptions,
): Generator<GenerationEvent, never> {
  const game = getGame(gameId);
  const ai = aiFor(gameId);
  const parsed = game.parseOptions(finder.selfPlay.options);
  if (!parsed.ok)
    throw new Error(`${gameId}'s puzzle finder has bad self-play options: ${parsed.error.message}`);
  const seen = new Set(options.seen);
  for (let number = options.from?.game ?? 0; ; number++) {
    const random = new Random(gameSeed(options.seed, number));
    const levels = finder.selfPlay.levels.map((list) => list[random.int(list.length)] ?? 1);
    let state = game.initial(parsed.value, random.nextUint32());
    // Positions on a kept puzzle's line would give its tail again.
    let next = number === options.from?.game ? options.from.ply : 0;
    let solved = 0;
    for (let ply = 0; game.outcome(state).kind === "ongoing"; ply++) {
      if (ply >= next && finder.candidate(state)) {
        solved++;
        const found = finder.find(state);
        if (found !== null) {
          const id = puzzleId(gameId, found.position);
          if (!seen.has(id)) {
            seen.add(id);
            next = ply + found.line.length;
            yield {
              kind: "puzzle",
              puzzle: { id, gameId, ...found, source: { seed: options.seed, game: number, ply } },
            };
          }
        }
      }
      state = game.apply(
        state,
        selfPlayMove(game, ai, state, ply < finder.selfPlay.randomPlies, levels, random),
      );
    }
    yield { kind: "game", game: number, solved };
  }
}

/** Where a stream that last yielded `puzzle` (a generated one) goes on: the same game, past its line. */
export function resumePoint(puzzle: GeneratedPuzzle): {
  readonly game: number;
  readonly ply: number;
} {
  return { game: puzzle.source.game, ply: puzzle.source.ply + puzzle.line.length };
}
