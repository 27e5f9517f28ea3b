import { preferredSeat, type SeatHistory } from "./colours.js";
import { type TournamentState } from "./fold.js";
import { rulesFor } from "./game-rules.js";
import { matchedPairs, maxWeightMatching, type WeightedEdge } from "./matching.js";
import { type EntrantId, type Pairing, type Seat, type TournamentSettings } from "./types.js";

/** An arena player waiting for a game. */
export interface ArenaWaiting {
  readonly id: EntrantId;
  /** Standing from 1. */
  readonly rank: number;
  readonly rating: number;
  /** When they entered the pool (server time, ms). */
  readonly since: number;
  /** Their opponent in their last game, never their next. */
  readonly lastOpponent: EntrantId | null;
  readonly seats: SeatHistory;
  /** Finished games so far. */
  readonly games: number;
}

/** Over this many waiting, the pool is paired at once, in groups of at most this many by rank (lila's). */
export const ARENA_GROUP = 100;
/** Never a fourth game in a row in the same seat (lila's). */
const MAX_SAME_SEAT = 3;

/**
 * How long a player waits before a wave may pair them (lila's): clamp(total / 20 + 6, 15, 30) s, where
 * total is the clock's estimated game length (base + increment × the game's moves per side); 8 s for
 * games under 30 s, 10 s under 60 s.
 */
export function arenaWaitMs(settings: Pick<TournamentSettings, "gameId" | "timeControl">): number {
  const { baseMs, incrementMs } = settings.timeControl;
  const totalSeconds = (baseMs + incrementMs * rulesFor(settings.gameId).movesPerSide) / 1000;
  if (totalSeconds < 30) return 8_000;
  if (totalSeconds < 60) return 10_000;
  return Math.min(30, Math.max(15, totalSeconds / 20 + 6)) * 1000;
}

/** Who a wave pairs now: everyone when over `ARENA_GROUP` wait, else those who waited long enough (at least two). */
export function readyToPair(pool: readonly ArenaWaiting[], now: number, waitMs: number): ArenaWaiting[] {
  if (pool.length > ARENA_GROUP) return [...pool];
  const ready = pool.filter((p) => now - p.since >= waitMs);
  return ready.length >= 2 ? ready : [];
}

/**
 * lila's cost of pairing two players: |Δrank| × (300 + 1700 × (maxRank − the better rank) / maxRank) +
 * |Δrating|: rank matters most at the top of the table.
 */
export function arenaPairCost(a: ArenaWaiting, b: ArenaWaiting, maxRank: number): number {
  const better = Math.min(a.rank, b.rank);
  const factor = 300 + (1700 * (maxRank - better)) / Math.max(1, maxRank);
  return Math.abs(a.rank - b.rank) * factor + Math.abs(a.rating - b.rating);
}

const sameSeatRun = (seats: SeatHistory, seat: Seat): number => {
  let run = 0;
  for (let i = seats.length - 1; i >= 0 && seats[i] === seat; i--) run++;
  return run;
};

/** The seat `a` takes against `b`, or null when either would play a fourth game in a row in one seat. */
function arenaSeat(a: ArenaWaiting, b: ArenaWaiting): Seat | null {
  const preferred = preferredSeat(a.seats, b.seats);
  for (const seat of [preferred, preferred === 0 ? 1 : 0] as const) {
    const other = seat === 0 ? 1 : 0;
    if (sameSeatRun(a.seats, seat) < MAX_SAME_SEAT && sameSeatRun(b.seats, other) < MAX_SAME_SEAT)
      return seat;
  }
  return null;
}

const mayMeet = (a: ArenaWaiting, b: ArenaWaiting): boolean =>
  a.lastOpponent !== b.id && b.lastOpponent !== a.id && arenaSeat(a, b) !== null;

function game(a: ArenaWaiting, b: ArenaWaiting): Pairing {
  return { kind: "game", seats: arenaSeat(a, b) === 1 ? [b.id, a.id] : [a.id, b.id] };
}

/** Before anyone in the wave has played: neighbours by rank, skipping a pair that may not meet. */
function byRank(players: readonly ArenaWaiting[]): Pairing[] {
  const left = [...players];
  const pairings: Pairing[] = [];
  while (left.length >= 2) {
    const [a, ...rest] = left;
    if (a === undefined) break;
    const i = rest.findIndex((b) => mayMeet(a, b));
    const b = rest[i];
    left.splice(0, 1);
    if (b === undefined) continue;
    left.splice(i, 1);
    pairings.push(game(a, b));
  }
  return pairings;
}

// Integer weights for the matching: the larger the cost, the lighter the edge.
const BASE_WEIGHT = 1 << 30;

function byMatching(players: readonly ArenaWaiting[], maxRank: number): Pairing[] {
  const edges: WeightedEdge[] = [];
  players.forEach((a, i) => {
    for (let j = i + 1; j < players.length; j++) {
      const b = players[j];
      if (b === undefined || !mayMeet(a, b)) continue;
      edges.push({ a: i, b: j, weight: BASE_WEIGHT - Math.round(arenaPairCost(a, b, maxRank)) });
    }
  });
  return matchedPairs(maxWeightMatching(players.length, edges)).flatMap(([i, j]) => {
    const a = players[i];
    const b = players[j];
    return a === undefined || b === undefined ? [] : [game(a, b)];
  });
}

export interface ArenaWave {
  readonly pairings: Pairing[];
  /** Waiting still: an odd count's newest arrival, and anyone nobody may meet. */
  readonly unpaired: EntrantId[];
}

/**
 * Pairs a wave of waiting players. With an odd count the newest arrival sits out. Before anyone in
 * the wave has played, neighbours by rank; then a maximum-weight matching on `arenaPairCost`, in groups
 * of at most `ARENA_GROUP` by rank. Never an immediate rematch, never a fourth game in a row in one seat.
 */
export function pairArenaWave(wave: readonly ArenaWaiting[], maxRank: number): ArenaWave {
  const players = [...wave].sort((a, b) => a.rank - b.rank);
  if (players.length % 2 === 1) {
    const newest = players.reduce((n, p) => (p.since > n.since ? p : n));
    players.splice(players.indexOf(newest), 1);
  }
  const pairings: Pairing[] = [];
  if (players.every((p) => p.games === 0)) pairings.push(...byRank(players));
  else {
    // Groups of near-equal even size, so no small leftover group is left with nobody it may meet.
    const groups = Math.ceil(players.length / ARENA_GROUP);
    const size = 2 * Math.ceil(players.length / groups / 2);
    for (let start = 0; start < players.length; start += size) {
      pairings.push(...byMatching(players.slice(start, start + size), maxRank));
    }
  }
  const paired = new Set(pairings.flatMap((p) => (p.kind === "game" ? p.seats : [])));
  return { pairings, unpaired: wave.filter((p) => !paired.has(p.id)).map((p) => p.id) };
}

/** The arena players of a pool (ids with the time each entered it), as pairing sees them. */
export function arenaWaiting(
  state: TournamentState,
  pool: readonly { readonly id: EntrantId; readonly since: number }[],
): ArenaWaiting[] {
  const rank = new Map(state.standings.map((s) => [s.entrant, s.rank]));
  return pool.flatMap(({ id, since }) => {
    const entrant = state.entrants.find((e) => e.id === id);
    if (entrant === undefined || entrant.withdrawn || entrant.paused) return [];
    // A pair (both seats) counts as a game against its opponent but leaves the seat history as it was.
    const games = (state.records.get(id) ?? []).flatMap((r) =>
      r.kind === "game" || r.kind === "pair" ? [r] : [],
    );
    return [
      {
        id,
        rank: rank.get(id) ?? state.entrants.length,
        rating: entrant.rating,
        since,
        lastOpponent: games.at(-1)?.opponent ?? null,
        seats: games.flatMap((g) => (g.kind === "game" ? [g.seat] : [])),
        games: games.length,
      },
    ];
  });
}
