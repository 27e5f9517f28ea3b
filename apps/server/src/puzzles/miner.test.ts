import { getGame } from "@arena/engine";
import { fold } from "@arena/match";
import { asMatchId } from "@arena/protocol";
import { type MinedGame, mineGame, puzzleFinder } from "@arena/puzzles";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryPuzzleStore } from "../store/memory/puzzles.js";
import { MemoryStore } from "../store/memory/matches.js";
import { writeMatch } from "../test-support/finished-match.js";
import { MINING_QUEUED, type Mining, PiscinaMining, PuzzleMiner } from "./miner.js";
import { initialPuzzleGlicko } from "./rating.js";
import { readSeedSet, seedFolder } from "./seed-set.js";

const logger = pino({ level: "silent" });
const fourOptions = puzzleFinder("connect-k")?.selfPlay.options;

// A shipped Connect Four puzzle: its position is the columns played from the empty board (Pons's notation),
// so a game through that position, then along the solution, must give the puzzle back.
const seeded = readSeedSet(seedFolder());
if (!seeded.ok) throw new Error(seeded.message);
const found = seeded.puzzles.find((puzzle) => puzzle.gameId === "connect-k");
if (found === undefined) throw new Error("no Connect Four puzzle shipped");
const shipped = found;

async function finishedGame(matchId: string) {
  const id = asMatchId(matchId);
  const log = await writeMatch(new MemoryStore(), id, "connect-k", fourOptions, [
    ...shipped.position,
    ...shipped.line,
  ]);
  return fold(id, log);
}

/** `mineGame` itself, each game held until `release` (how a busy mining thread looks from the server). */
function heldMining(): Mining & { release(): void; started: number } {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    started: 0,
    async mine(game: MinedGame) {
      this.started++;
      await gate;
      return mineGame(game);
    },
    release: () => open(),
    close: () => Promise.resolve(),
  };
}

describe("mining finished games for puzzles", () => {
  const pool = new PiscinaMining();
  afterAll(() => pool.close());

  it("adds a finished game's puzzles to the store, with the match as their source, once", async () => {
    const store = new MemoryPuzzleStore();
    const miner = new PuzzleMiner({ store, mining: pool, initial: initialPuzzleGlicko, logger });
    const model = await finishedGame("m_mined");
    expect(model.status).toBe("finished");
    miner.matchEnded(model);
    await miner.idle();
    const stored = await store.get(shipped.id);
    expect(stored?.puzzle.line).toEqual(shipped.line);
    expect(stored?.puzzle.source).toEqual({ match: "m_mined", ply: shipped.position.length });
    expect(stored?.glicko).toEqual(initialPuzzleGlicko(shipped));
    // The worker thread found what the function finds here.
    const here = mineGame({
      gameId: "connect-k",
      match: "m_mined",
      start: getGame("connect-k").serialize(model.start),
      moves: [...model.moves].map((played) => played.move),
    });
    expect(here.ok && here.value.map((puzzle) => puzzle.id)).toContain(shipped.id);
  });

  it("keeps a puzzle the store already has, with its rating", async () => {
    const store = new MemoryPuzzleStore();
    await store.seed([{ puzzle: shipped, glicko: { rating: 1234, rd: 80, volatility: 0.06 } }]);
    const miner = new PuzzleMiner({ store, mining: pool, initial: initialPuzzleGlicko, logger });
    miner.matchEnded(await finishedGame("m_again"));
    await miner.idle();
    const stored = await store.get(shipped.id);
    expect(stored?.glicko.rating).toBe(1234);
    expect(stored?.puzzle.source).toEqual(shipped.source);
  });

  it("mines no unfinished game, and no more than its queue holds", async () => {
    const store = new MemoryPuzzleStore();
    const mining = heldMining();
    const miner = new PuzzleMiner({ store, mining, initial: initialPuzzleGlicko, logger });
    const live = fold(
      asMatchId("m_live"),
      await writeMatch(new MemoryStore(), asMatchId("m_live"), "connect-k", fourOptions, ["4"], false),
    );
    miner.matchEnded(live);
    expect(mining.started).toBe(0);
    const model = await finishedGame("m_busy");
    for (let i = 0; i <= MINING_QUEUED; i++) miner.matchEnded(model);
    expect(mining.started).toBe(MINING_QUEUED);
    mining.release();
    await miner.idle();
    expect((await store.get(shipped.id))?.puzzle.id).toBe(shipped.id);
  });
});
