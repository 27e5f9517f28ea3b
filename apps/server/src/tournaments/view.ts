import {
  type MatchId,
  type PairingResult,
  type TournamentCrosstable,
  type TournamentPairTotal,
  type TournamentPairing,
  type TournamentStanding,
  type TournamentSummary,
  type TournamentView,
  asUserId,
} from "@arena/protocol";
import {
  arenaGameScore,
  crosstable,
  GAME_POINTS,
  type GameResult,
  outcomeFor,
  pairOutcome,
  pairsByDiscs,
  pairTotals,
  tieBreaksFor,
  type TournamentState,
  type Board,
} from "@arena/tournament";
import { type TournamentMeta } from "../store/ports/tournaments.js";

/** How docs/tournaments.md names each tie-break. */
const TIE_BREAK_NAMES = { bq: "BQ", discs: "discs", buchholz: "Buchholz", "sonneborn-berger": "SB" } as const;

function resultText(result: GameResult): PairingResult {
  return result.winner === null ? "½-½" : result.winner === 0 ? "1-0" : "0-1";
}

function pairingOf(
  state: TournamentState,
  board: Board,
  round: number,
  matchId: MatchId | null,
): TournamentPairing {
  const nameOf = (id: string) => state.entrants.find((e) => e.id === id)?.name ?? id;
  const { pairing } = board;
  if (pairing.kind === "bye") {
    return {
      names: [nameOf(pairing.entrant)],
      entrants: [pairing.entrant],
      matchId: null,
      result: "bye",
      points: [1],
    };
  }
  const [first, second] = pairing.seats;
  const forfeited = board.forfeited.length > 0;
  const result: PairingResult | null = forfeited
    ? board.forfeited.includes(first)
      ? board.forfeited.includes(second)
        ? "½-½"
        : "0-1"
      : "1-0"
    : board.result === null
      ? null
      : resultText(board.result);
  const points =
    board.result === null
      ? null
      : ([0, 1] as const).map(
          (seat) =>
            arenaGameScore(state.settings, state.records.get(pairing.seats[seat]) ?? [], round) ??
            { win: 1, draw: 0.5, loss: 0 }[outcomeFor(board.result as GameResult, seat)],
        );
  return {
    names: [nameOf(first), nameOf(second)],
    entrants: [first, second],
    matchId: forfeited ? null : matchId,
    result,
    points,
  };
}

/** A pair board's place and, once both its games are over, the pair's totals by game 0's seats. */
function pairTotalOf(
  state: TournamentState,
  boards: readonly Board[],
  index: number,
): TournamentPairTotal | undefined {
  const board = boards[index];
  if (board?.pair === undefined) return undefined;
  const { game, opening } = board.pair;
  const first = boards[game === 0 ? index : index - 1];
  const second = boards[game === 0 ? index + 1 : index];
  if (first?.result == null || second?.result == null) return { game, opening, totals: null, points: null };
  const games = [
    { seat: 0 as const, result: first.result },
    { seat: 1 as const, result: second.result },
  ];
  const byDiscs = pairsByDiscs(state.settings);
  const [own, theirs] = pairTotals(games, byDiscs);
  const points = GAME_POINTS[pairOutcome(games, byDiscs)];
  return { game, opening, totals: [own, theirs], points: [points, 1 - points] };
}

function crosstableOf(state: TournamentState): TournamentCrosstable | null {
  if (state.settings.format === "arena") return null;
  const rows = crosstable(state);
  const order = rows.map((r) => r.entrant);
  const marks = { win: "1", draw: "½", loss: "0" } as const;
  return {
    entrants: order,
    cells: rows.map((row) =>
      order.map((opponent) => {
        const met = row.rounds.filter((c) => c !== null && c.opponent === opponent && c.outcome !== null);
        return met.length === 0 ? null : met.map((c) => (c?.outcome ? marks[c.outcome] : "")).join(" ");
      }),
    ),
  };
}

/**
 * The whole page of a tournament from its folded state (docs/protocol.md, "Tournaments"). `matchIdOf`
 * names a board's match (the director's deterministic ids); `version` is the log's length.
 */
export function tournamentView(
  state: TournamentState,
  meta: TournamentMeta,
  version: number,
  matchIdOf: (round: number, board: number) => MatchId,
  finishedAt: number | null,
): TournamentView {
  const { settings } = state;
  const names = tieBreaksFor(settings).map((kind) => TIE_BREAK_NAMES[kind]);
  const entrant = (id: string) => state.entrants.find((e) => e.id === id);
  const standings = state.standings.map((s): TournamentStanding => {
    const e = entrant(s.entrant);
    const kind = e?.kind ?? "human";
    return {
      rank: s.rank,
      entrant: s.entrant,
      name: s.name,
      kind,
      userId: kind === "ai" ? null : asUserId(s.entrant),
      points: s.points,
      tieBreaks: s.tieBreaks.map((value, i) => ({ name: names[i] ?? "", value })),
      games: s.games,
      withdrawn: s.withdrawn,
      paused: e?.paused ?? false,
      onFire: s.onFire,
    };
  });
  const roundsPlayed = state.rounds.map((round, i) => ({
    number: i + 1,
    startedAt: round.startedAt,
    pairings: round.boards.map((board, j) => {
      const pairing = pairingOf(
        state,
        board,
        i + 1,
        board.pairing.kind === "game" ? matchIdOf(i + 1, j) : null,
      );
      const pair = board.pair === undefined ? undefined : pairTotalOf(state, round.boards, j);
      return pair === undefined ? pairing : { ...pairing, points: null, pair };
    }),
  }));
  return {
    id: meta.id,
    name: meta.name,
    gameId: settings.gameId,
    format: settings.format,
    timeControl: settings.timeControl,
    rounds: settings.rounds ?? null,
    durationMs: settings.durationMs ?? null,
    double: settings.double ?? false,
    berserk: settings.berserk ?? false,
    pairsFromOneOpening: settings.pairsFromOneOpening ?? false,
    rated: meta.rated,
    maxPlayers: meta.maxPlayers,
    invitationOnly: meta.invitationOnly ?? false,
    invited: (meta.invited ?? []).map((user) => ({ id: user.id, name: user.name })),
    status: state.status,
    createdBy: { id: meta.createdBy.id, name: meta.createdBy.name },
    createdAt: state.createdAt,
    startsAt: meta.startsAt,
    startedAt: state.rounds[0]?.startedAt ?? null,
    finishedAt,
    standings,
    roundsPlayed,
    crosstable: crosstableOf(state),
    topGame: topGame(state, standings, matchIdOf),
    version,
  };
}

/** The live game of the best-placed entrant still playing. */
function topGame(
  state: TournamentState,
  standings: readonly TournamentStanding[],
  matchIdOf: (round: number, board: number) => MatchId,
): MatchId | null {
  const live = state.rounds.flatMap((r, i) =>
    r.boards.flatMap((b, j) =>
      b.pairing.kind === "game" && b.result === null && b.forfeited.length === 0
        ? [{ seats: b.pairing.seats, round: i + 1, board: j }]
        : [],
    ),
  );
  for (const s of standings) {
    const game = live.find((g) => g.seats.some((seat) => seat === s.entrant));
    if (game !== undefined) return matchIdOf(game.round, game.board);
  }
  return null;
}

/** The lobby's line for a tournament. */
export function tournamentSummary(view: TournamentView): TournamentSummary {
  return {
    id: view.id,
    name: view.name,
    gameId: view.gameId,
    format: view.format,
    status: view.status,
    timeControl: view.timeControl,
    players: view.standings.filter((s) => !s.withdrawn).length,
    maxPlayers: view.maxPlayers,
    invitationOnly: view.invitationOnly,
    createdBy: view.createdBy.name,
    startsAt: view.startsAt,
    startedAt: view.startedAt,
  };
}
