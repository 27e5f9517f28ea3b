/**
 * `npm run bench -- --only midgame [--midgame-depth 8]`: the midgame search (level 8's and the analysis's)
 * on its JavaScript core and on its WebAssembly core, the same positions from cold tables, interleaved
 * twice. Both cores visit the same nodes, so the ratio of their times is the ratio of their speeds.
 */
import { Othello, OthelloAi } from "@arena/engine";

/** Positions after 20, 26 and 32 plies of seeded random games: the middlegame where level 8 searches. */
function positions(count: number): [number, number, number, number][] {
  const found: [number, number, number, number][] = [];
  let seed = 7;
  for (let game = 0; found.length < count; game++) {
    let state = Othello.othello.initial({}, 0);
    const plies = 20 + (game % 3) * 6;
    for (let ply = 0; ply < plies; ply++) {
      const moves = Othello.legalMoves(state);
      if (moves.length === 0) break;
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      state = Othello.applyMove(state, moves[seed % moves.length] as number);
    }
    if (Othello.legalMoves(state).length === 0) continue;
    const black = [state.blackLo, state.blackHi] as const;
    const white = [state.whiteLo, state.whiteHi] as const;
    found.push(state.turn === Othello.BLACK ? [...black, ...white] : [...white, ...black]);
  }
  return found;
}

export function midgameBench(depth: number): void {
  console.log(`## Othello midgame search, depth ${depth}, 12 positions, cold tables`);
  const set = positions(12);
  const weights = OthelloAi.trainedWeights();
  const seconds: Record<"js" | "wasm", number[]> = { js: [], wasm: [] };
  const nodes: Record<"js" | "wasm", number> = { js: 0, wasm: 0 };
  for (let round = 0; round < 2; round++) {
    for (const core of ["js", "wasm"] as const) {
      const search = new OthelloAi.MidgameSearch(weights, 18, core);
      let visited = 0;
      const started = performance.now();
      for (const [pl, ph, ol, oh] of set) {
        search.clear();
        visited += search.search(pl, ph, ol, oh, { maxDepth: depth }).nodes;
      }
      seconds[core].push((performance.now() - started) / 1000);
      nodes[core] = visited;
      console.log(
        `round ${round + 1} ${core.padEnd(4)} nodes ${visited} seconds ${seconds[core].at(-1)?.toFixed(3)} ` +
          `nodes_per_s ${Math.round(visited / (seconds[core].at(-1) ?? 1))}`,
      );
    }
  }
  if (nodes.js !== nodes.wasm)
    throw new Error(`the cores visited different nodes: ${nodes.js} vs ${nodes.wasm}`);
  const best = (list: number[]) => Math.min(...list);
  console.log(
    `ratio: WebAssembly ${(best(seconds.js) / best(seconds.wasm)).toFixed(2)}x the JavaScript (best of 2 each)\n`,
  );
}
