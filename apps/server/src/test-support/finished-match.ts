import { type GameId, getGame } from "@arena/engine";
import { createClock, fold, step } from "@arena/match";
import {
  type ClockState,
  type MatchEvent,
  type MatchId,
  type VersionedEvent,
  asMillis,
  asUserId,
  asVersion,
} from "@arena/protocol";
import { type MatchStore } from "../store/ports/matches.js";

/**
 * Writes a whole match to a store as the server writes it: two AI seats, the game's start from
 * `options`, each move in notation a second apart, then its end (`ended` once the rules say so;
 * left live when `finish` is false).
 */
export async function writeMatch(
  store: MatchStore,
  matchId: MatchId,
  gameId: GameId,
  options: unknown,
  moves: readonly string[],
  finish = true,
): Promise<VersionedEvent[]> {
  const game = getGame(gameId);
  const parsed = game.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const timeControl = { baseMs: 300_000, incrementMs: 0 };
  const log: VersionedEvent[] = [];
  let at = 1_000;
  const add = (event: MatchEvent): void => {
    at += 1_000;
    log.push({ version: asVersion(log.length + 1), at: asMillis(at), event });
  };
  const seats = game.seatCount(parsed.value);
  add({
    type: "created",
    gameId,
    options,
    timeControl,
    seats: Array.from({ length: seats }, () => ({ kind: "ai" as const, level: 1 })),
    rated: false,
    visibility: "public",
    host: { id: asUserId("u_host"), name: "Host" },
  });
  let state = game.initial(parsed.value, 0);
  let clock: ClockState = createClock(timeControl, seats, game.toMove(state)[0] ?? null, at + 1_000);
  add({ type: "started", state: game.serialize(state), clock });
  for (const text of moves) {
    const seat = game.toMove(state)[0];
    const move = game.parseMove(state, text);
    if (seat === undefined || !move.ok) throw new Error(`${text} is not playable`);
    const formatted = game.formatMove(state, move.value);
    state = game.apply(state, move.value);
    clock = step(clock, { now: at + 1_000 }, game.toMove(state)[0] ?? null).clock;
    add({ type: "moved", seat, move: formatted, forced: false, clock });
  }
  const outcome = game.outcome(state);
  if (finish) {
    if (outcome.kind !== "finished") throw new Error("the moves do not end the game");
    add({
      type: "ended",
      result: { reason: "normal", winners: [...outcome.winners], scores: [...outcome.scores] },
      clock,
    });
  }
  const appended = await store.append(matchId, 0, log);
  if (!appended.ok) throw new Error("the match exists already");
  fold(matchId, log); // a log the fold refuses is a bug in this helper
  return log;
}
