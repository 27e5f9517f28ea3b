/**
 * Mining (docs/puzzles.md, "Mining"): the puzzles in one finished game, found and proved by the game's
 * finder exactly as in generation, but in positions people reached. Only games played with the finder's own
 * options are mined (a Connect-k variant is no Connect Four), and only its last `MINED_SOLVES` candidate
 * positions are solved, so that one long game costs a bounded time.
 */
import { type GameError, type GameId, type Result, getGame, ok } from "@arena/engine";
import { type Puzzle, puzzleId } from "./puzzle.js";
import { puzzleFinder } from "./registry.js";

/** The most candidate positions one game has solved. */
export const MINED_SOLVES = 8;

/** A finished game as the miner reads it: the game's start, serialized, and its moves in the game's notation. */
export interface MinedGame {
  readonly gameId: GameId;
  /** The match id, kept as the puzzles' source. */
  readonly match: string;
  /** The start position as the game's `serialize` wrote it. */
  readonly start: unknown;
  readonly moves: readonly string[];
}

/** Whether two option values are the same (plain JSON values). */
function sameOptions(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The puzzles found in `mined`, in the order of their positions; none for a game without a finder. */
export function mineGame(mined: MinedGame): Result<Puzzle[], GameError> {
  const finder = puzzleFinder(mined.gameId);
  if (finder === null) return ok([]);
  const game = getGame(mined.gameId);
  const wanted = game.parseOptions(finder.selfPlay.options);
  const start = game.deserialize(mined.start);
  if (!start.ok) return start;
  if (!wanted.ok || !sameOptions(game.optionsOf(start.value), wanted.value)) return ok([]);
  // The states along the game (cheap), then the solves (dear) at its last candidate positions, where the
  // exact solvers are fastest.
  const states = [start.value];
  for (const text of mined.moves) {
    const state = states[states.length - 1];
    const move = game.parseMove(state, text);
    if (!move.ok) return move;
    const after = game.play(state, move.value);
    if (!after.ok) return after;
    states.push(after.value);
  }
  const candidates = states.flatMap((state, ply) => (finder.candidate(state) ? [ply] : []));
  const found: Puzzle[] = [];
  // A kept puzzle's line holds its own tail: positions on it are not looked at again.
  let next = 0;
  for (const ply of candidates.slice(-MINED_SOLVES)) {
    if (ply < next) continue;
    const puzzle = finder.find(states[ply]);
    if (puzzle === null) continue;
    found.push({
      id: puzzleId(mined.gameId, puzzle.position),
      gameId: mined.gameId,
      ...puzzle,
      source: { match: mined.match, ply },
    });
    next = ply + puzzle.line.length;
  }
  return ok(found);
}
