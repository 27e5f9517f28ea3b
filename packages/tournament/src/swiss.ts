import { COLOUR_RULES, type ColourRule, type SeatHistory, seatFor } from "./colours.js";
import { type TournamentState } from "./fold.js";
import { matchedPairs, maxWeightMatching, type WeightedEdge } from "./matching.js";
import { type EntrantId, type Pairing } from "./types.js";

/** What swiss pairing needs to know of an entrant. */
export interface SwissPlayer {
  readonly id: EntrantId;
  readonly points: number;
  readonly seats: SeatHistory;
  readonly opponents: ReadonlySet<EntrantId>;
  readonly hadBye: boolean;
}

export type SwissPairing =
  | { readonly ok: true; readonly pairings: Pairing[]; readonly colourRule: ColourRule }
  /** No pairing meets the rules: the event ends (as lichess's swiss does). */
  | { readonly ok: false; readonly reason: "no-valid-pairing" };

// A pair's weight falls with the square of its score gap (in half points), so the matching keeps score
// groups together and floats as few players as it can, as short a way as it can.
const BASE_WEIGHT = 1 << 24;
const SCORE_GAP_COST = 64;

// Players more than a point apart are left out of the graph unless no pairing exists without them:
// their pair would cost more than most pairings in all, and the matching runs about twice as fast on 500 players.
const NEAR_GAP = 2;

function pairAll(players: readonly SwissPlayer[], rule: ColourRule): Pairing[] | null {
  return pairWithin(players, rule, NEAR_GAP) ?? pairWithin(players, rule, Infinity);
}

function pairWithin(players: readonly SwissPlayer[], rule: ColourRule, maxGap: number): Pairing[] | null {
  const edges: WeightedEdge[] = [];
  for (let a = 0; a < players.length; a++) {
    for (let b = a + 1; b < players.length; b++) {
      const pa = players[a];
      const pb = players[b];
      if (pa === undefined || pb === undefined || pa.opponents.has(pb.id)) continue;
      if (seatFor(pa.seats, pb.seats, rule) === null) continue;
      const gap = Math.round(2 * Math.abs(pa.points - pb.points));
      if (gap > maxGap) continue;
      edges.push({ a, b, weight: BASE_WEIGHT - SCORE_GAP_COST * gap * gap });
    }
  }
  const pairs = matchedPairs(maxWeightMatching(players.length, edges));
  if (pairs.length * 2 !== players.length) return null;
  return pairs
    .map(([a, b]) => [players[a], players[b]] as const)
    .sort(
      ([a1, b1], [a2, b2]) =>
        Math.max(a2?.points ?? 0, b2?.points ?? 0) - Math.max(a1?.points ?? 0, b1?.points ?? 0),
    )
    .map(([pa, pb]): Pairing => {
      if (pa === undefined || pb === undefined) throw new Error("a matched vertex without a player");
      const seat = seatFor(pa.seats, pb.seats, rule);
      return { kind: "game", seats: seat === 0 ? [pa.id, pb.id] : [pb.id, pa.id] };
    });
}

/**
 * Pairs a swiss round: players by rank, best first. Nobody meets anyone twice; colours as `colours.ts`
 * says, relaxed from balanced to no-three-in-a-row only when no pairing keeps them balanced; with an odd
 * count the bye goes to the lowest-ranked player who has had none (then the next up, if the rest cannot
 * be paired without them).
 */
export function pairSwiss(players: readonly SwissPlayer[]): SwissPairing {
  if (players.length % 2 === 0) {
    for (const rule of COLOUR_RULES) {
      const pairings = pairAll(players, rule);
      if (pairings !== null) return { ok: true, pairings, colourRule: rule };
    }
    return { ok: false, reason: "no-valid-pairing" };
  }
  const fresh = players.filter((p) => !p.hadBye);
  const candidates = [...(fresh.length > 0 ? fresh : players)].reverse();
  for (const rule of COLOUR_RULES) {
    for (const bye of candidates) {
      const pairings = pairAll(
        players.filter((p) => p !== bye),
        rule,
      );
      if (pairings !== null)
        return { ok: true, pairings: [...pairings, { kind: "bye", entrant: bye.id }], colourRule: rule };
    }
  }
  return { ok: false, reason: "no-valid-pairing" };
}

/** The players of a swiss tournament's next round: those not withdrawn, in standings order. */
export function swissPlayers(state: TournamentState): SwissPlayer[] {
  const withdrawn = new Set(state.entrants.filter((e) => e.withdrawn).map((e) => e.id));
  return state.standings
    .filter((s) => !withdrawn.has(s.entrant))
    .map((s) => {
      const records = state.records.get(s.entrant) ?? [];
      return {
        id: s.entrant,
        points: s.points,
        seats: records.flatMap((r) => (r.kind === "game" ? [r.seat] : [])),
        opponents: new Set(records.flatMap((r) => (r.kind === "bye" ? [] : [r.opponent]))),
        hadBye: records.some((r) => r.kind === "bye"),
      };
    });
}
