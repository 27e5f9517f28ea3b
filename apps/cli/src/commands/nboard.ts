import { Othello, Random } from "@arena/engine";
import { type AnyPlayer, type PlayerContext, parseOthelloSpec } from "@arena/lab/players/index";
import type { Output } from "../io.js";

/**
 * The players NBoard gets, to the depth it sets: the Othello AI module's
 * clock-managed Iago with the endgame solver for "go", and the engine's
 * generic search on Iago's evaluation (which reports a principal variation)
 * for "hint".
 */
export const NBOARD_SPEC = (depth: number): string => `iago-play:${depth}`;
const HINT_SPEC = (depth: number): string => `search:${depth}:iago`;
const MAX_DEPTH = 30;
// Iago's evaluation is in its own large units; a disc is worth roughly this much of it.
const EVAL_PER_DISC = 10_000;
// Generic search scores a proven win near 10^6; the AI module's Iago as 10^7 + the disc margin.
const PROVEN = 1_000_000 - 256;
const MARGIN_WIN = 10_000_000;

type OthelloState = Othello.OthelloState;

function engineFor(depth: number, spec = NBOARD_SPEC): AnyPlayer {
  // NBoard is the Othello engine protocol: the Othello AI's own players.
  const player = parseOthelloSpec(spec(depth));
  if (!player.ok) throw new Error(player.error.message);
  return player.value;
}

function discs(value: number, exact = false): string {
  if (exact) return value.toFixed(2);
  if (Math.abs(value) >= MARGIN_WIN / 2) return (value - Math.sign(value) * MARGIN_WIN).toFixed(2);
  if (Math.abs(value) >= PROVEN) return value > 0 ? "64.00" : "-64.00";
  return Math.max(-63, Math.min(63, value / EVAL_PER_DISC)).toFixed(2);
}

const name = (move: number): string => Othello.squareName(move).toUpperCase();

/**
 * The NBoard engine protocol on a line stream: NBoard sends the game and
 * asks for moves ("go") or hints; we answer with one line per message and
 * never play our own move (NBoard echoes it back as "move").
 */
export async function nboardCommand(
  _args: string[],
  io: Output,
  lines: AsyncIterable<string>,
  now: () => number,
): Promise<number> {
  let depth = 6;
  let state: OthelloState = Othello.othello.initial({}, 1);
  let seed = 1;
  const send = (line: string): void => io.stdout(`${line}\n`);
  const context = (): PlayerContext => ({
    now,
    remainingMs: Infinity,
    incrementMs: 0,
    random: new Random(seed++),
    nodes: { count: 0 },
  });

  for await (const raw of lines) {
    const line = raw.trim();
    if (line === "") continue;
    const [command = "", ...rest] = line.split(/\s+/);
    switch (command) {
      case "nboard":
        send("set myname Arena");
        break;
      case "set": {
        const [what = "", ...value] = rest;
        const text = value.join(" ");
        if (what === "depth") {
          const n = Number(text);
          if (Number.isInteger(n) && n > 0) depth = Math.min(n, MAX_DEPTH);
          else send(`status bad depth '${text}'`);
        } else if (what === "game") {
          const record = Othello.parseGgf(text);
          const replayed = record.ok ? Othello.replay(record.value.start, record.value.moves) : record;
          if (replayed.ok) state = replayed.value;
          else send(`status cannot read the game: ${replayed.error.message}`);
        }
        // "set contempt" and anything else: accepted, nothing to change.
        break;
      }
      case "move": {
        const token = (rest[0] ?? "").split("/")[0] ?? "";
        const move = Othello.othello.parseMove(state, token);
        // NBoard may leave out a forced pass before the other side's move.
        const forced = Othello.othello.forcedMove(state);
        const from =
          forced !== null && move.ok && move.value !== forced ? Othello.othello.apply(state, forced) : state;
        const next = move.ok ? Othello.othello.play(from, move.value) : move;
        if (next.ok) state = next.value;
        else send(`status illegal move '${token}': ${next.error.message}`);
        break;
      }
      case "go": {
        const moves = Othello.othello.legalMoves(state);
        if (moves.length === 0) {
          send("status the game is over");
          break;
        }
        send("status thinking");
        const started = now();
        const ctx = context();
        const player = engineFor(depth);
        const analysis = player.analyze?.(state, ctx);
        const move = (analysis?.move ?? player.choose(state, ctx)) as number;
        const seconds = (now() - started) / 1000;
        send(`nodestats ${ctx.nodes.count} ${seconds.toFixed(3)}`);
        // A solved position reports the exact disc margin as its depth covers every empty square.
        const exact =
          analysis !== undefined &&
          Math.abs(analysis.value) <= 64 &&
          analysis.depth >= Othello.discCounts(state).empty;
        send(`=== ${name(move)}/${discs(analysis?.value ?? 0, exact)}/${seconds.toFixed(3)}`);
        send("status");
        break;
      }
      case "hint": {
        const wanted = Math.max(1, Number(rest[0] ?? "1") || 1);
        hint(state, depth, wanted, context, send);
        send("status");
        break;
      }
      case "ping":
        send(`pong ${rest.join(" ")}`.trimEnd());
        break;
      case "learn":
        send("learned");
        break;
      case "analyze":
        break;
      case "quit":
        return 0;
      default:
        send(`status unknown command '${command}'`);
    }
  }
  return 0;
}

/** One "search" line per move, best first: each move searched one ply shallower from its position. */
function hint(
  state: OthelloState,
  depth: number,
  wanted: number,
  context: () => PlayerContext,
  send: (line: string) => void,
): void {
  const game = Othello.othello;
  const mover = state.turn;
  const lines: { value: number; pv: string }[] = [];
  for (const move of game.legalMoves(state)) {
    const child = game.apply(state, move);
    const outcome = game.outcome(child);
    if (outcome.kind === "finished") {
      const diff = (outcome.scores[mover] ?? 0) - (outcome.scores[1 - mover] ?? 0);
      lines.push({ value: Math.sign(diff) * 1_000_000, pv: name(move) });
      continue;
    }
    const analysis = engineFor(Math.max(1, depth - 1), HINT_SPEC).analyze?.(child, context());
    if (analysis === undefined) continue;
    const sameSide = game.toMove(child)[0] === mover;
    lines.push({
      value: sameSide ? analysis.value : -analysis.value,
      pv: [move, ...analysis.pv].map((m) => name(m as number)).join(""),
    });
  }
  lines.sort((a, b) => b.value - a.value);
  for (const { value, pv } of lines.slice(0, wanted)) send(`search ${pv} ${discs(value)} 0 ${depth}`);
}
