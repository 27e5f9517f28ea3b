import type {
  PairingResult,
  TournamentCrosstable,
  TournamentStanding,
  TournamentView,
} from "@arena/protocol";

/**
 * Time left until `targetMs` at `nowMs` (both server wall-clock ms): "1:02:03" from an hour up, else
 * "4:05"; null once it has passed.
 */
export function countdown(targetMs: number, nowMs: number): string | null {
  const left = targetMs - nowMs;
  if (left <= 0) return null;
  const total = Math.ceil(left / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const ss = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/** Rounds of a round-robin of `entrants`: Berger tables give n − 1 (n with a bye when odd), twice if double. */
export function roundRobinRounds(entrants: number, double: boolean): number {
  const single = entrants % 2 === 0 ? entrants - 1 : entrants;
  return Math.max(0, single) * (double ? 2 : 1);
}

/** What the tournament's header says of its progress; the page words each kind. */
export type Progress =
  | { readonly kind: "startsIn"; readonly left: string }
  | { readonly kind: "startsSoon" }
  | { readonly kind: "waitingForCreator" }
  | { readonly kind: "round"; readonly round: number; readonly of: number }
  | { readonly kind: "timeLeft"; readonly left: string }
  | { readonly kind: "ending" }
  | { readonly kind: "finished" };

export function progressOf(
  view: Pick<
    TournamentView,
    "status" | "format" | "startsAt" | "startedAt" | "durationMs" | "rounds" | "double" | "roundsPlayed"
  > & { readonly standings: readonly unknown[] },
  nowMs: number,
): Progress {
  if (view.status === "finished") return { kind: "finished" };
  if (view.status === "waiting") {
    if (view.startsAt === null) return { kind: "waitingForCreator" };
    const left = countdown(view.startsAt, nowMs);
    return left === null ? { kind: "startsSoon" } : { kind: "startsIn", left };
  }
  if (view.format === "arena") {
    const end = (view.startedAt ?? nowMs) + (view.durationMs ?? 0);
    const left = countdown(end, nowMs);
    return left === null ? { kind: "ending" } : { kind: "timeLeft", left };
  }
  const of =
    view.format === "swiss"
      ? (view.rounds ?? view.roundsPlayed.length)
      : (view.rounds ?? roundRobinRounds(view.standings.length, view.double));
  return { kind: "round", round: Math.max(1, view.roundsPlayed.length), of };
}

/** A game's result as a table shows it: "1-0", "½-½"; a game still on is "*", a bye is worded by the page. */
export function resultText(result: PairingResult | null): string {
  return result ?? "*";
}

/** Points as a table shows them: "2½", "3", "½" (arena scores are whole numbers). */
export function pointsText(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  if (!half) return String(whole);
  return whole === 0 ? "½" : `${whole}½`;
}

/** One row of the crosstable: an entrant and its results against each entrant in the same order. */
export interface CrosstableRow {
  readonly rank: number;
  readonly entrant: string;
  readonly name: string;
  readonly points: number;
  /** Per column: "self" on the diagonal, the pair's results ("1 ½"), or null when they have not met. */
  readonly cells: readonly (string | null)[];
}

/**
 * The crosstable as rows in the standings' order: names and points come from the standings, results
 * from the server's grid (rows and columns in its `entrants` order).
 */
export function crosstableRows(
  table: TournamentCrosstable,
  standings: readonly Pick<TournamentStanding, "entrant" | "name" | "rank" | "points">[],
): CrosstableRow[] {
  const byEntrant = new Map(standings.map((s) => [s.entrant, s]));
  return table.entrants.map((entrant, row) => {
    const standing = byEntrant.get(entrant);
    return {
      rank: standing?.rank ?? row + 1,
      entrant,
      name: standing?.name ?? entrant,
      points: standing?.points ?? 0,
      cells: table.entrants.map((_, column) =>
        column === row ? "self" : (table.cells[row]?.[column] ?? null),
      ),
    };
  });
}

/** The names of the tie-breaks the standings carry, in order (from the first line that has any). */
export function tieBreakNames(standings: readonly Pick<TournamentStanding, "tieBreaks">[]): string[] {
  return standings[0]?.tieBreaks.map((t) => t.name) ?? [];
}

/** A tie-break value as a column shows it: whole numbers as they are, others to one decimal. */
export function tieBreakText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** The names of the two players of a live game, found in the rounds by its match id. */
export function playersOf(rounds: TournamentView["roundsPlayed"], matchId: string): readonly string[] | null {
  for (let r = rounds.length - 1; r >= 0; r--) {
    const found = rounds[r]?.pairings.find((p) => p.matchId === matchId);
    if (found !== undefined) return found.names;
  }
  return null;
}

/** A view the page holds replaced by one that came: only a newer one (by version) wins. */
export function newerView<V extends { readonly version: number }>(held: V | null, incoming: V): V {
  return held !== null && held.version >= incoming.version ? held : incoming;
}
