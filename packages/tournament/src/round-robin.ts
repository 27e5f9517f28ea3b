import { type TournamentState } from "./fold.js";
import { type EntrantId, type Pairing } from "./types.js";

/**
 * One round of a Berger table for n players numbered 1..n (n even), board by board as FIDE publishes
 * it: `[first, second]` (seat 0, seat 1). Player n sits on board 1, first in odd rounds and second in
 * even ones; the others pair up so their numbers sum to round + 1 modulo n − 1, and of two players the
 * one whose partner is an odd step ahead of them (modulo n − 1) moves first.
 */
export function bergerRound(n: number, round: number): [number, number][] {
  if (n < 2 || n % 2 !== 0) throw new Error(`a Berger table needs an even count: ${n}`);
  if (round < 1 || round > n - 1) throw new Error(`round ${round} of ${n - 1}`);
  const m = n - 1;
  const residue = (x: number) => ((((x - 1) % m) + m) % m) + 1;
  const boards: [number, number][] = [];
  for (let board = 1; board <= n / 2; board++) {
    if (board === 1) {
      // The player who would pair with themselves meets player n: 2p ≡ round + 1 (mod m).
      const p = residue(((round + 1) * ((m + 1) / 2)) % m);
      boards.push(round % 2 === 1 ? [p, n] : [n, p]);
      continue;
    }
    const first = residue(board + ((round - 1) * n) / 2);
    const second = residue(round + 1 - first);
    boards.push([first, second]);
  }
  return boards;
}

/** How many rounds a round-robin of `count` entrants lasts (a double one twice as many). */
export function roundRobinRounds(count: number, double: boolean): number {
  const n = count % 2 === 0 ? count : count + 1;
  return (n - 1) * (double ? 2 : 1);
}

/**
 * The pairings of `round` (from 1) for entrants in seed order: Berger tables, a bye against the dummy
 * player an odd count adds; a double round-robin's second cycle repeats the first with every pair's
 * colours swapped, as PAIP's othello-series plays each pair both ways.
 */
export function roundRobinPairings(
  entrants: readonly EntrantId[],
  round: number,
  double: boolean,
): Pairing[] {
  const n = entrants.length % 2 === 0 ? entrants.length : entrants.length + 1;
  const cycle = n - 1;
  if (round < 1 || round > roundRobinRounds(entrants.length, double)) {
    throw new Error(`round ${round} is outside the table`);
  }
  const swapped = round > cycle;
  return bergerRound(n, swapped ? round - cycle : round).map(([a, b]) => {
    const first = entrants[a - 1];
    const second = entrants[b - 1];
    if (first === undefined && second !== undefined) return { kind: "bye", entrant: second };
    if (second === undefined && first !== undefined) return { kind: "bye", entrant: first };
    if (first === undefined || second === undefined) throw new Error("a board of two dummies");
    return { kind: "game", seats: swapped ? [second, first] : [first, second] };
  });
}

/**
 * The next round of a round-robin, or null when the table is played out: entrants in join order,
 * withdrawn ones included (their boards are forfeits, `fold.ts`; their byes are dropped).
 */
export function nextRoundRobinPairings(state: TournamentState): Pairing[] | null {
  const round = state.rounds.length + 1;
  const double = state.settings.double ?? false;
  if (round > roundRobinRounds(state.entrants.length, double)) return null;
  const withdrawn = new Set(state.entrants.filter((e) => e.withdrawn).map((e) => e.id));
  return roundRobinPairings(
    state.entrants.map((e) => e.id),
    round,
    double,
  ).filter((p) => p.kind !== "bye" || !withdrawn.has(p.entrant));
}
