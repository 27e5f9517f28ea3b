import { getGame, isGameId } from "@arena/engine";
import { type AnalysisProgress, type MatchId, type Snapshot, type TimeControl } from "@arena/protocol";
import { type Client } from "./harness.js";

/** The first legal move of the position in a snapshot, in notation, and the seat to move. */
export function firstLegal(snapshot: Snapshot): { seat: number; move: string } | null {
  if (!isGameId(snapshot.gameId)) throw new Error(`unknown game ${snapshot.gameId}`);
  const game = getGame(snapshot.gameId);
  const state = game.deserialize(snapshot.state);
  if (!state.ok) throw new Error(state.error.message);
  const seat = game.toMove(state.value)[0];
  const move = game.legalMoves(state.value)[0];
  if (seat === undefined || move === undefined) return null;
  return { seat, move: game.formatMove(state.value, move) };
}

/**
 * Plays first-legal moves from whichever client holds the seat to move, until the match ends. `paceMs`
 * between moves keeps the watcher under a real server's rate limit (two events per move).
 */
export async function playOut(
  matchId: MatchId,
  bySeat: readonly Client[],
  watcher: Client,
  maxMoves = 200,
  paceMs = 0,
): Promise<Snapshot> {
  for (let i = 0; i < maxMoves; i++) {
    if (paceMs > 0 && i > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
    const snapshot = await watcher.snapshot(matchId);
    if (snapshot.status !== "live") return snapshot;
    const next = firstLegal(snapshot);
    if (next === null) throw new Error("live match without a move");
    const client = bySeat[next.seat];
    if (client === undefined) throw new Error(`no client for seat ${next.seat}`);
    const ack = await client.call("match:move", { matchId, version: snapshot.version, move: next.move });
    if (!ack.ok) throw new Error(`move ${next.move} refused: ${ack.code} ${ack.message}`);
  }
  throw new Error("the match did not end");
}

/**
 * The usual opening of a socket test: the host creates a two-seat room of `gameId` sitting at seat 0 and
 * the guest joins seat 1, which starts the match.
 */
export async function startTwoSeat(
  host: Client,
  guest: Client,
  gameId: string,
  timeControl: TimeControl,
  options?: Record<string, unknown>,
): Promise<{ matchId: MatchId; inviteToken: string }> {
  const created = await host.call("room:create", {
    gameId,
    ...(options === undefined ? {} : { options }),
    timeControl,
    seats: [{ kind: "open" }, { kind: "open" }],
    sit: 0,
  });
  if (!created.ok) throw new Error(`${created.code}: ${created.message}`);
  const joined = await guest.call("room:join-seat", {
    matchId: created.matchId,
    version: created.version,
    seat: 1,
  });
  if (!joined.ok) throw new Error(`${joined.code}: ${joined.message}`);
  return { matchId: created.matchId, inviteToken: created.inviteToken };
}

/** `startTwoSeat` for Othello: black hosts, white joins; `start` a chosen position. */
export function startOthello(
  black: Client,
  white: Client,
  timeControl: TimeControl,
  options: { readonly start?: string } = {},
): Promise<{ matchId: MatchId; inviteToken: string }> {
  return startTwoSeat(
    black,
    white,
    "othello",
    timeControl,
    options.start === undefined ? undefined : { start: options.start },
  );
}

/** The `analysis:progress` events `client` is pushed for `matchId`, as they arrive. */
export function analysisPushedTo(client: Client, matchId: MatchId): AnalysisProgress[] {
  const seen: AnalysisProgress[] = [];
  client.socket.on("analysis:progress", (progress: AnalysisProgress) => {
    if (progress.matchId === matchId) seen.push(progress);
  });
  return seen;
}
