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

/** Per player index, the weight of giving them the bye (a bye vertex joins the graph), or none. */
type ByeWeights = ReadonlyMap<number, number> | null;

function pairAll(
  players: readonly SwissPlayer[],
  rule: ColourRule,
  byes: ByeWeights = null,
): Pairing[] | null {
  return pairWithin(players, rule, NEAR_GAP, byes) ?? pairWithin(players, rule, Infinity, byes);
}

function pairWithin(
  players: readonly SwissPlayer[],
  rule: ColourRule,
  maxGap: number,
  byes: ByeWeights,
): Pairing[] | null {
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
  const byeVertex = players.length;
  for (const [a, weight] of byes ?? []) edges.push({ a, b: byeVertex, weight });
  const vertices = players.length + (byes === null ? 0 : 1);
  const pairs = matchedPairs(maxWeightMatching(vertices, edges));
  if (pairs.length * 2 !== vertices) return null;
  const bye = pairs.find(([, b]) => b === byeVertex)?.[0];
  const games = pairs
    .filter(([, b]) => b !== byeVertex)
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
  const byePlayer = bye === undefined ? undefined : players[bye];
  return byePlayer === undefined ? games : [...games, { kind: "bye", entrant: byePlayer.id }];
}

/** How many of the lowest-ranked bye candidates are tried one by one before the matching chooses. */
const BYE_TRIES = 3;

/**
 * Pairs a swiss round: players by rank, best first. Nobody meets anyone twice; colours as `colours.ts`
 * says, relaxed from balanced to no-three-in-a-row only when no pairing keeps them balanced; with an odd
 * count the bye goes to the lowest-ranked player who has had none — or, if the rest cannot be paired
 * without them, the next up; past the third, the matching picks among all who have had none, the lower
 * the rank the likelier.
 */
export function pairSwiss(players: readonly SwissPlayer[]): SwissPairing {
  for (const rule of COLOUR_RULES) {
    const pairings = players.length % 2 === 0 ? pairAll(players, rule) : pairOdd(players, rule);
    if (pairings !== null) return { ok: true, pairings, colourRule: rule };
  }
  return { ok: false, reason: "no-valid-pairing" };
}

function pairOdd(players: readonly SwissPlayer[], rule: ColourRule): Pairing[] | null {
  const eligible = players.some((p) => !p.hadBye) ? players.filter((p) => !p.hadBye) : players;
  const candidates = [...eligible].reverse();
  for (const bye of candidates.slice(0, BYE_TRIES)) {
    const pairings = pairAll(
      players.filter((p) => p !== bye),
      rule,
    );
    if (pairings !== null) return [...pairings, { kind: "bye", entrant: bye.id }];
  }
  // Each step up the table costs the bye as much as floating a pair half a point.
  const byes = new Map(
    candidates.map((p, fromBottom) => [players.indexOf(p), BASE_WEIGHT - SCORE_GAP_COST * fromBottom]),
  );
  return pairAll(players, rule, byes);
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
