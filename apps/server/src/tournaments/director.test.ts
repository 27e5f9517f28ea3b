import { getGame } from "@arena/engine/registry";
import { berserk, createClock, fold, type MatchModel, step } from "@arena/match";
import {
  asMatchId,
  asMillis,
  asUserId,
  asVersion,
  type ClockState,
  type MatchEvent,
  type MatchResult,
  TournamentId,
} from "@arena/protocol";
import { entrantId, type TournamentEvent, type TournamentSettings } from "@arena/tournament";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type BoardMatchPlan } from "../rooms/tournament-match.js";
import { MemoryTournamentStore } from "../store/memory/tournaments.js";
import { type TournamentMeta } from "../store/ports/tournaments.js";
import { TournamentDirector, type DirectorDeps } from "./director.js";
import { tournamentSummary, tournamentView } from "./view.js";
import { arenaWaitMs, foldTournament, withdraw } from "@arena/tournament";
import { boardMatchId } from "./ids.js";

const GAP = 5_000;
const id = TournamentId.parse("t_Direct0r1");

function setup(settings: TournamentSettings, players: number) {
  const clock = new FakeClock();
  const store = new MemoryTournamentStore();
  const plans = new Map<string, BoardMatchPlan>();
  const meta: TournamentMeta = {
    id,
    name: "Test",
    createdBy: { id: asUserId("u_director"), name: "director" },
    rated: false,
    maxPlayers: 16,
    startsAt: null,
    aiEntrants: [],
  };
  const events: TournamentEvent[] = [
    { type: "created", at: clock.now(), settings },
    ...Array.from({ length: players }, (_, i): TournamentEvent => ({
      type: "joined",
      at: clock.now(),
      entrant: entrantId(`u_p${i + 1}`),
      name: `p${i + 1}`,
      kind: "human",
      rating: 1500 + i,
    })),
  ];
  const deps = (ended: ReadonlyMap<string, MatchModel> = new Map()): DirectorDeps => ({
    store,
    clock,
    logger: pino({ level: "silent" }),
    roundGapMs: GAP,
    ensureMatch: (plan) => {
      plans.set(plan.matchId, plan);
      return Promise.resolve(ended.get(plan.matchId) ?? null);
    },
    changed: () => undefined,
  });
  const open = async (ended?: ReadonlyMap<string, MatchModel>) => {
    const stored = await store.load(id);
    if (stored === null) throw new Error("not stored");
    return new TournamentDirector(deps(ended), meta, stored);
  };
  const created = async () => {
    const state = foldTournament(events);
    await store.create(
      meta,
      events,
      tournamentSummary(tournamentView(state, meta, events.length, (r, b) => boardMatchId(id, r, b), null)),
    );
    const leader = await open();
    await leader.resume();
    return leader;
  };
  return { clock, store, plans, created, open };
}

/** A finished two-seat match of a board, as far as the director reads one. */
function ended(plan: BoardMatchPlan, result: MatchResult, plies = 60): MatchModel {
  return {
    matchId: plan.matchId,
    tournament: plan.tournament,
    gameId: plan.gameId,
    result,
    slots: plan.seats,
    moves: { length: plies },
    clock: null,
  } as unknown as MatchModel;
}

/**
 * A board's match played for real through the match fold: both seats seated, `berserkers` berserked before
 * their first move, `plies` moves of Othello, then the loser of `winner` resigned.
 */
function playedBoard(plan: BoardMatchPlan, berserkers: readonly number[], plies: number, winner: number) {
  const game = getGame("othello");
  const options = game.parseOptions({});
  if (!options.ok) throw new Error(options.error.message);
  let state = game.initial(options.value, 7);
  let clock: ClockState = createClock(plan.timeControl, 2, 0, 0);
  const events: MatchEvent[] = [
    {
      type: "created",
      gameId: plan.gameId,
      options: options.value,
      timeControl: plan.timeControl,
      seats: [{ kind: "open" }, { kind: "open" }],
      rated: false,
      visibility: "public",
      host: { id: asUserId("u_director"), name: "director" },
      tournament: plan.tournament,
    },
    ...plan.seats.map((seat, i): MatchEvent => {
      if (seat.kind !== "user") throw new Error("a person's seat");
      return { type: "seat-joined", seat: i, user: seat.user };
    }),
    { type: "started", state: game.serialize(state), clock },
  ];
  for (const seat of berserkers) {
    clock = berserk(clock, seat);
    events.push({ type: "berserked", seat, clock });
  }
  for (let ply = 0; ply < plies; ply++) {
    const seat = game.toMove(state)[0] ?? 0;
    const [move] = game.legalMoves(state);
    if (move === undefined) throw new Error("no legal move");
    const played = game.play(state, move, seat);
    if (!played.ok) throw new Error(played.error.message);
    clock = step(clock, { now: ply * 1_000 }, game.toMove(played.value)[0] ?? null).clock;
    events.push({ type: "moved", seat, move: game.formatMove(state, move), forced: false, clock });
    state = played.value;
  }
  events.push({
    type: "ended",
    result: { reason: "resign", winners: [winner], scores: winner === 0 ? [64, 0] : [0, 64] },
    clock,
  });
  return fold(
    asMatchId(plan.matchId),
    events.map((event, i) => ({ version: asVersion(i + 1), at: asMillis(i * 1_000), event })),
  );
}

const win = (seat: number): MatchResult => ({
  reason: "normal",
  winners: [seat],
  scores: seat === 0 ? [40, 24] : [24, 40],
});

async function playOut(director: TournamentDirector, plans: Map<string, BoardMatchPlan>, clock: FakeClock) {
  const done = new Set<string>();
  for (let step = 0; step < 50 && director.status !== "finished"; step++) {
    for (const plan of plans.values()) {
      if (done.has(plan.matchId)) continue;
      done.add(plan.matchId);
      await director.matchEnded(ended(plan, win(plan.tournament.board % 2)));
    }
    clock.advance(GAP);
    await director.idle();
  }
}

const pairKey = (p: BoardMatchPlan) =>
  p.seats
    .map((s) => (s.kind === "user" ? s.user.id : "ai"))
    .sort()
    .join("-");

describe("the tournament director", () => {
  const othello = (format: "round-robin" | "swiss", rounds?: number): TournamentSettings => ({
    gameId: "othello",
    format,
    timeControl: { baseMs: 60_000, incrementMs: 0 },
    ...(rounds === undefined ? {} : { rounds }),
  });

  it("plans both boards of every pair from one opening, seats swapped, and scores each pair once", async () => {
    const { clock, plans, created } = setup({ ...othello("round-robin"), pairsFromOneOpening: true }, 4);
    const director = await created();
    expect((await director.start()).ok).toBe(true);
    const first = [...plans.values()];
    expect(first).toHaveLength(4);
    for (let board = 0; board < 4; board += 2) {
      const [a, b] = [first[board], first[board + 1]];
      expect(a?.opening).toHaveLength(8);
      expect(b?.opening).toEqual(a?.opening);
      expect(b?.seats).toEqual([...(a?.seats ?? [])].reverse());
    }
    await playOut(director, plans, clock);
    expect(director.status).toBe("finished");
    expect(plans.size).toBe(12);
    // By board parity the pairing's first-named entrant wins both games, 40–24: one point a pair, six in all.
    expect(director.view.standings.map((s) => [s.points, s.games])).toEqual([
      [2, 3],
      [2, 3],
      [1, 3],
      [1, 3],
    ]);
  });

  it("runs a round-robin of four to its end, every pair playing once, rounds a gap apart", async () => {
    const { clock, plans, created } = setup(othello("round-robin"), 4);
    const director = await created();
    const started = await director.start();
    expect(started.ok).toBe(true);
    expect(plans.size).toBe(2);
    const first = [...plans.values()][0];
    await director.matchEnded(ended(first as BoardMatchPlan, win(0)));
    clock.advance(GAP * 3);
    await director.idle();
    expect(plans.size).toBe(2);
    await playOut(director, plans, clock);
    expect(director.status).toBe("finished");
    const pairs = [...plans.values()].map(pairKey);
    expect(pairs).toHaveLength(6);
    expect(new Set(pairs).size).toBe(6);
    const view = director.view;
    expect(view.standings.reduce((sum, s) => sum + s.points, 0)).toBe(6);
    expect(view.standings.every((s) => s.games === 3)).toBe(true);
    expect(view.standings[0]?.tieBreaks.map((t) => t.name)).toEqual(["BQ", "discs"]);
    expect(view.roundsPlayed.flatMap((r) => r.pairings.map((p) => p.matchId))).toEqual([...plans.keys()]);
    expect(view.finishedAt).not.toBeNull();
  });

  it("pairs a swiss of six over three rounds with nobody meeting twice", async () => {
    const { clock, plans, created } = setup(othello("swiss", 3), 6);
    const director = await created();
    await director.start();
    await playOut(director, plans, clock);
    expect(director.status).toBe("finished");
    const pairs = [...plans.values()].map(pairKey);
    expect(pairs).toHaveLength(9);
    expect(new Set(pairs).size).toBe(9);
  });

  it("counts a no-show as a loss for the absent seat, and withdraws an entrant after two", async () => {
    const { clock, plans, created } = setup(othello("swiss", 3), 4);
    const director = await created();
    await director.start();
    const absent = (plan: BoardMatchPlan) => {
      const seat = plan.seats[0];
      return seat.kind === "user" ? seat.user.id : "";
    };
    const noShow: MatchResult = { reason: "abort", winners: [], scores: [] };
    const [board] = plans.values();
    if (board === undefined) throw new Error("no board");
    await director.matchEnded(ended(board, noShow, 0));
    const loser = director.view.standings.find((s) => s.entrant === absent(board));
    expect(loser?.points).toBe(0);
    expect(director.view.roundsPlayed[0]?.pairings[0]?.result).toBe("0-1");
    // Let the round finish, then have the same entrant miss their next game too.
    for (const plan of plans.values()) if (plan !== board) await director.matchEnded(ended(plan, win(1)));
    clock.advance(GAP);
    await director.idle();
    const again = [...plans.values()].find(
      (p) =>
        p.tournament.round === 2 && p.seats.some((s) => s.kind === "user" && s.user.id === absent(board)),
    );
    if (again === undefined) throw new Error("not paired again");
    const seatOfAbsent = again.seats.findIndex((s) => s.kind === "user" && s.user.id === absent(board));
    await director.matchEnded({
      ...ended(again, noShow, seatOfAbsent),
      clock: { running: seatOfAbsent },
    } as unknown as MatchModel);
    expect(director.view.standings.find((s) => s.entrant === absent(board))?.withdrawn).toBe(true);
  });

  it("counts a no-show in a pair's first game at once, not when the pair's second game ends", async () => {
    const { clock, plans, created } = setup({ ...othello("swiss", 3), pairsFromOneOpening: true }, 4);
    const director = await created();
    await director.start();
    const noShow: MatchResult = { reason: "abort", winners: [], scores: [] };
    const seatOf = (plan: BoardMatchPlan, user: string) =>
      plan.seats.findIndex((s) => s.kind === "user" && s.user.id === user);
    const firstGame = [...plans.values()].find((p) => p.tournament.board === 0);
    const absent = firstGame?.seats[0];
    if (firstGame === undefined || absent?.kind !== "user") throw new Error("no first board");
    await director.matchEnded(ended(firstGame, noShow, 0));
    // The rest of round 1 is played, the absent entrant's second game of the pair included.
    for (const plan of plans.values()) if (plan !== firstGame) await director.matchEnded(ended(plan, win(0)));
    clock.advance(GAP);
    await director.idle();
    const again = [...plans.values()].find(
      (p) => p.tournament.round === 2 && p.tournament.board % 2 === 0 && seatOf(p, absent.user.id) >= 0,
    );
    if (again === undefined) throw new Error("not paired again");
    const seat = seatOf(again, absent.user.id);
    await director.matchEnded({
      ...ended(again, noShow, seat),
      clock: { running: seat },
    } as unknown as MatchModel);
    // Withdrawn now, with the pair's second game still on.
    expect(director.view.standings.find((s) => s.entrant === absent.user.id)?.withdrawn).toBe(true);
    const round2 = director.view.roundsPlayed[1]?.pairings ?? [];
    expect(round2[again.tournament.board + 1]?.result).toBeNull();
  });

  it("runs an arena: a first wave of everyone, returning players paired again after the wait, the end at its duration", async () => {
    const settings: TournamentSettings = {
      gameId: "othello",
      format: "arena",
      durationMs: 600_000,
      timeControl: { baseMs: 60_000, incrementMs: 0 },
    };
    const { clock, plans, created } = setup(settings, 4);
    const director = await created();
    expect((await director.start()).ok).toBe(true);
    expect(plans.size).toBe(2);
    for (const plan of [...plans.values()]) await director.matchEnded(ended(plan, win(0)));
    clock.advance(arenaWaitMs(settings));
    await director.idle();
    await director.idle();
    expect(director.view.roundsPlayed.length).toBeGreaterThanOrEqual(2);
    expect(plans.size).toBe(4);
    clock.advance(600_000);
    await director.idle();
    await director.idle();
    expect(director.status).toBe("finished");
    expect(director.view.standings.reduce((sum, s) => sum + s.points, 0)).toBe(4);
  });

  it("scores an arena's berserk win of enough plies +1, and tags each board with whether players may berserk", async () => {
    const arena = (allowBerserk: boolean): TournamentSettings => ({
      gameId: "othello",
      format: "arena",
      durationMs: 600_000,
      timeControl: { baseMs: 60_000, incrementMs: 0 },
      berserk: allowBerserk,
    });
    const { plans, created } = setup(arena(true), 4);
    const director = await created();
    await director.start();
    const [first, second] = [...plans.values()];
    if (first === undefined || second === undefined) throw new Error("no boards");
    expect(first.tournament.berserk).toBe(true);
    // A berserker who wins after 20 plies scores 2 + 1; one who loses scores nothing, the winner 2.
    await director.matchEnded(playedBoard(first, [0], 20, 0));
    await director.matchEnded(playedBoard(second, [1], 20, 0));
    const points = (plan: BoardMatchPlan) =>
      plan.seats.map((seat) => {
        const entrant = seat.kind === "user" ? seat.user.id : "";
        return director.view.standings.find((s) => s.entrant === entrant)?.points;
      });
    expect(points(first)).toEqual([3, 0]);
    expect(points(second)).toEqual([2, 0]);
    // Each board shows what it scored on its players' sheets, not 1/½/0.
    expect(director.view.roundsPlayed[0]?.pairings.map((p) => p.points)).toEqual([
      [3, 0],
      [2, 0],
    ]);

    const plain = setup(arena(false), 2);
    await (await plain.created()).start();
    expect([...plain.plans.values()].map((p) => p.tournament.berserk)).toEqual([false]);
  });

  it("decides again on the stored log when another writer appended first", async () => {
    const { created, open } = setup(othello("swiss", 3), 4);
    const stale = await created();
    const other = await open();
    expect((await other.command((state, at) => withdraw(state, entrantId("u_p1"), at))).ok).toBe(true);
    const answer = await stale.command((state, at) => withdraw(state, entrantId("u_p2"), at));
    expect(
      answer.ok &&
        answer.view.standings
          .filter((s) => s.withdrawn)
          .map((s) => s.entrant)
          .sort(),
    ).toEqual(["u_p1", "u_p2"]);
    expect(await stale.command((state, at) => withdraw(state, entrantId("u_p1"), at))).toEqual({
      ok: false,
      code: "withdrawn",
    });
  });

  it("resumes from a log cut mid-round: the same matches, and a result that came in meanwhile", async () => {
    const { clock, plans, created, open } = setup(othello("round-robin"), 4);
    const first = await created();
    await first.start();
    const round1 = [...plans.values()];
    first.close();
    plans.clear();
    const [done] = round1;
    if (done === undefined) throw new Error("no board");
    const resumed = await open(new Map([[done.matchId, ended(done, win(0))]]));
    await resumed.resume();
    await resumed.idle();
    expect([...plans.keys()].sort()).toEqual(round1.map((p) => p.matchId).sort());
    expect(resumed.view.roundsPlayed[0]?.pairings.map((p) => p.result)).toEqual(["1-0", null]);
    await playOut(resumed, plans, clock);
    expect(resumed.status).toBe("finished");
  });

  it("times the next step only where it leads; a follower's copy catches up, and a new leader takes over", async () => {
    const { clock, plans, created, open } = setup(othello("round-robin"), 4);
    const leader = await created();
    const follower = await open();
    await leader.start();
    const round1 = [...plans.values()];
    // Both results land on the follower's process (the matches ran there); the leader hears and times round 2.
    for (const plan of round1) await follower.matchEnded(ended(plan, win(0)));
    clock.advance(GAP);
    await follower.idle();
    expect(follower.view.roundsPlayed).toHaveLength(1);
    await leader.catchUp();
    expect(leader.view.roundsPlayed[0]?.pairings.map((p) => p.result)).toEqual(["1-0", "1-0"]);
    clock.advance(GAP);
    await leader.idle();
    expect(leader.view.roundsPlayed).toHaveLength(2);
    await follower.catchUp();
    expect(follower.view.roundsPlayed).toHaveLength(2);
    expect(follower.isLeading).toBe(false);

    // The leader goes quiet (its lease lost): the follower leads and plays the tournament out.
    leader.follow();
    await follower.resume();
    await playOut(follower, plans, clock);
    expect(follower.status).toBe("finished");
    expect(new Set([...plans.values()].map(pairKey)).size).toBe(6);
  });
});
