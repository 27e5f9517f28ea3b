import { type MatchModel } from "@arena/match";
import { asUserId, type TournamentView, type UserRef } from "@arena/protocol";
import {
  arenaWaiting,
  arenaWaitMs,
  arenaWave,
  berserkAllowed,
  boardsInPlay,
  type Decision,
  type EntrantId,
  foldTournament,
  nextRound,
  readyToPair,
  type TournamentEvent,
  type TournamentState,
  withdraw,
  withOpenings,
} from "@arena/tournament";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { Mailbox } from "../rooms/mailbox.js";
import { type BoardMatchPlan, type BoardSeat } from "../rooms/tournament-match.js";
import {
  type StoredTournament,
  type TournamentMeta,
  type TournamentStore,
} from "../store/ports/tournaments.js";
import { boardMatchId } from "./ids.js";
import { boardOutcome, noShows } from "./results.js";
import { tournamentSummary, tournamentView } from "./view.js";

export const DEFAULT_ROUND_GAP_MS = 5_000;

export interface DirectorDeps {
  readonly store: TournamentStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The pause between a swiss's or round-robin's rounds. */
  readonly roundGapMs: number;
  /** Finds or creates (and starts) a board's match: its model, or null when it could not. */
  ensureMatch(plan: BoardMatchPlan): Promise<MatchModel | null>;
  /** After every append: the whole view, for the tournament's watchers. */
  changed(view: TournamentView): void;
  /** Draws pairs' openings (tests pass a seeded one); Math.random by default. */
  readonly random?: () => number;
}

/** A command's answer: the view after it, or why it was refused (a decider's code, or the store's). */
export type DirectorAnswer =
  | { readonly ok: true; readonly view: TournamentView }
  | { readonly ok: false; readonly code: Exclude<Decision, { ok: true }>["code"] | "store-unavailable" };

type Decide = (state: TournamentState, at: number) => Decision;

/**
 * One tournament's director (docs/tournaments.md, "The server"): every command goes through one mailbox,
 * is decided by @arena/tournament's deciders, appended with compare-and-set and folded; then the rounds'
 * boards become matches and the next step is timed on the server's clock.
 */
export class TournamentDirector {
  private readonly mailbox = new Mailbox();
  private events: TournamentEvent[];
  private state: TournamentState;
  private readonly timers = new Map<string, () => void>();
  /** Arena: when each entrant last came back to the pool (this process's memory: a restart waits anew). */
  private readonly since = new Map<EntrantId, number>();
  private closed = false;
  /** This process directs it (holds its lease): only a leader times its next steps. */
  private leading = false;

  constructor(
    private readonly deps: DirectorDeps,
    readonly meta: TournamentMeta,
    stored: StoredTournament,
  ) {
    this.events = [...stored.events];
    this.state = foldTournament(this.events);
  }

  get id() {
    return this.meta.id;
  }

  get status() {
    return this.state.status;
  }

  get view(): TournamentView {
    const last = this.events[this.events.length - 1];
    return tournamentView(
      this.state,
      this.meta,
      this.events.length,
      (round, board) => boardMatchId(this.meta.id, round, board),
      last?.type === "finished" ? last.at : null,
    );
  }

  /** Runs a decider in the mailbox and appends what it decides. */
  command(decide: Decide): Promise<DirectorAnswer> {
    return this.mailbox.post(() => this.decideAndAppend(decide));
  }

  /**
   * Leads from where the log left off (this process now holds the tournament's lease): the log read
   * again, every board in play gets its match, and the next step its timer.
   */
  resume(): Promise<void> {
    return this.mailbox.post(async () => {
      this.leading = true;
      await this.readAgain();
      await this.ensureBoards(boardsInPlay(this.state));
      this.schedule();
    });
  }

  /** Another process leads now (this one lost the lease): its timers stop; commands still append here. */
  follow(): void {
    this.leading = false;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  get isLeading(): boolean {
    return this.leading;
  }

  /**
   * Another process appended: the log read again. A leader also makes sure of the boards that came into
   * play (their appender may have died before creating them) and times the next step.
   */
  catchUp(): Promise<void> {
    return this.mailbox.post(async () => {
      const before = this.state;
      if (!(await this.readAgain())) return;
      if (!this.leading) return;
      const wasInPlay = new Set(boardsInPlay(before).map((b) => `${b.round}/${b.board}`));
      await this.ensureBoards(
        boardsInPlay(this.state).filter((b) => !wasInPlay.has(`${b.round}/${b.board}`)),
      );
      this.schedule();
    });
  }

  /** The stored log, when it is longer than this copy's: true when there was more. */
  private async readAgain(): Promise<boolean> {
    const stored = await this.deps.store.load(this.meta.id).catch(() => null);
    if (stored === null || stored.events.length <= this.events.length) return false;
    const before = this.state;
    this.events = [...stored.events];
    this.state = foldTournament(this.events);
    this.noteReturns(before, this.deps.clock.now());
    return true;
  }

  /** A board's match ended (here, on another process, or before a restart): its result, once. */
  matchEnded(model: MatchModel): Promise<DirectorAnswer> {
    const tag = model.tournament;
    if (tag === null || tag.id !== this.meta.id) return Promise.resolve({ ok: true, view: this.view });
    return this.mailbox.post(async () => {
      // A round another process started may not have reached this copy yet.
      if (this.state.rounds[tag.round - 1]?.boards[tag.board] === undefined) await this.readAgain();
      return this.decideAndAppend(this.recordResult(model));
    });
  }

  private recordResult(model: MatchModel): Decide {
    const tag = model.tournament;
    return (state, at) => {
      if (tag === null) return { ok: true, events: [] };
      const board = state.rounds[tag.round - 1]?.boards[tag.board];
      const outcome = boardOutcome(model);
      if (board?.pairing.kind !== "game" || board.result !== null || board.forfeited.length > 0) {
        return { ok: true, events: [] };
      }
      if (outcome.kind === "none" || state.status === "finished") return { ok: true, events: [] };
      const finished: TournamentEvent = {
        type: "game-finished",
        at,
        round: tag.round,
        board: tag.board,
        result: outcome.result,
      };
      if (outcome.kind !== "no-show") return { ok: true, events: [finished] };
      const absent = board.pairing.seats[outcome.seat];
      const after = foldTournament([...this.events, finished]);
      const entrant = after.entrants.find((e) => e.id === absent);
      if (entrant === undefined || entrant.withdrawn || noShows(after, absent) < 2) {
        return { ok: true, events: [finished] };
      }
      const withdrawn = withdraw(after, absent, at);
      return { ok: true, events: withdrawn.ok ? [finished, ...withdrawn.events] : [finished] };
    };
  }

  /** Stops its timers (the process is closing, or the tournament moved to another process). */
  close(): void {
    this.closed = true;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  /** Waits for every command posted so far (tests). */
  idle(): Promise<void> {
    return this.mailbox.post(() => undefined);
  }

  private async decideAndAppend(decide: Decide, retries = 1): Promise<DirectorAnswer> {
    // A follower's copy lags its leader's appends: decide on the stored log (a leader's CAS tells it).
    if (!this.leading) await this.readAgain();
    const at = this.deps.clock.now();
    const decided = decide(this.state, at);
    if (!decided.ok) return decided;
    if (decided.events.length === 0) return { ok: true, view: this.view };
    // Pairs from one opening: the director draws each new pair's opening and the log keeps it.
    const decision = {
      ok: true,
      events: withOpenings(this.state.settings, decided.events, this.deps.random ?? Math.random),
    } as const;
    const events = [...this.events, ...decision.events];
    const state = foldTournament(events);
    const before = this.state;
    const summary = tournamentSummary(
      tournamentView(state, this.meta, events.length, (r, b) => boardMatchId(this.meta.id, r, b), null),
    );
    let written;
    try {
      written = await this.deps.store.append(this.meta.id, this.events.length, decision.events, summary);
    } catch (error) {
      this.deps.logger.warn({ err: error, tournament: this.meta.id }, "tournament append failed");
      return { ok: false, code: "store-unavailable" };
    }
    if (!written.ok) {
      // Another writer got there first (another process's copy): take its log and decide again on it.
      const stored = await this.deps.store.load(this.meta.id).catch(() => null);
      if (stored === null || retries === 0) return { ok: false, code: "store-unavailable" };
      this.events = [...stored.events];
      this.state = foldTournament(this.events);
      return this.decideAndAppend(decide, retries - 1);
    }
    this.events = events;
    this.state = state;
    this.noteReturns(before, at);
    this.deps.changed(this.view);
    // Boards as the fold numbers them: a pair from one opening is two.
    const started = decision.events.flatMap((event, i) => {
      if (event.type !== "round-started") return [];
      const round = before.rounds.length + 1 + countRounds(decision.events, i);
      return (state.rounds[round - 1]?.boards ?? []).map((_, board) => ({ round, board }));
    });
    const inPlay = new Set(boardsInPlay(state).map((b) => `${b.round}/${b.board}`));
    await this.ensureBoards(started.filter((b) => inPlay.has(`${b.round}/${b.board}`)));
    this.schedule();
    return { ok: true, view: this.view };
  }

  private async ensureBoards(boards: readonly { round: number; board: number }[]): Promise<void> {
    const models = await Promise.all(
      boards.map(async ({ round, board }) => {
        const plan = this.planOf(round, board);
        try {
          return plan === null ? null : await this.deps.ensureMatch(plan);
        } catch (error) {
          this.deps.logger.warn({ err: error, tournament: this.meta.id, round, board }, "board match failed");
          return null;
        }
      }),
    );
    // A match that ended while nobody was listening (before a restart): its result, through the mailbox.
    for (const model of models) if (model !== null && model.result !== null) void this.matchEnded(model);
  }

  private planOf(round: number, board: number): BoardMatchPlan | null {
    const planned = this.state.rounds[round - 1]?.boards[board];
    const pairing = planned?.pairing;
    if (pairing?.kind !== "game") return null;
    const seatOf = (id: EntrantId): BoardSeat => {
      const ai = this.meta.aiEntrants.find((e) => e.id === id);
      if (ai !== undefined) return { kind: "ai", level: ai.level };
      const entrant = this.state.entrants.find((e) => e.id === id);
      return { kind: "user", user: { id: asUserId(id), name: entrant?.name ?? id } satisfies UserRef };
    };
    const kinds = pairing.seats.map((id) => this.state.entrants.find((e) => e.id === id)?.kind);
    const { settings } = this.state;
    return {
      matchId: boardMatchId(this.meta.id, round, board),
      tournament: { id: this.meta.id, round, board, berserk: berserkAllowed(settings) },
      gameId: settings.gameId,
      timeControl: settings.timeControl,
      rated: this.meta.rated && kinds.every((kind) => kind === "human"),
      host: this.meta.createdBy,
      seats: [seatOf(pairing.seats[0]), seatOf(pairing.seats[1])],
      ...(planned?.pair === undefined ? {} : { opening: planned.pair.opening }),
    };
  }

  /** Arena: entrants whose board was just decided are back in the pool from now. */
  private noteReturns(before: TournamentState, at: number): void {
    if (this.state.settings.format !== "arena") return;
    const playingBefore = playing(before);
    const playingNow = playing(this.state);
    for (const e of this.state.entrants) {
      if (!this.since.has(e.id) || (playingBefore.has(e.id) && !playingNow.has(e.id)))
        this.since.set(e.id, at);
    }
  }

  /** Sets the one timer the tournament's next step needs (and clears those it no longer needs). */
  private schedule(): void {
    if (this.closed || !this.leading) return;
    const { state } = this;
    const now = this.deps.clock.now();
    if (state.status === "finished") return this.close();
    if (state.status === "waiting") {
      if (this.meta.startsAt !== null) this.timer("start", this.meta.startsAt, () => void this.start());
      return;
    }
    this.cancel("start");
    if (state.settings.format !== "arena") {
      if (boardsInPlay(state).length === 0) {
        this.timer("next", now + this.deps.roundGapMs, () => void this.command(nextRound));
      }
      return;
    }
    const startedAt = state.rounds[0]?.startedAt ?? now;
    this.timer(
      "end",
      startedAt + (state.settings.durationMs ?? 0),
      () => void this.command((s, at) => arenaWave(s, [], at)),
    );
    const pool = this.arenaPool(state);
    const waitMs = arenaWaitMs(state.settings);
    const ready = [...pool].sort((a, b) => a.since - b.since)[1];
    this.cancel("wave");
    if (ready !== undefined) this.timer("wave", Math.max(now, ready.since + waitMs), () => void this.wave());
  }

  private wave(): Promise<DirectorAnswer> {
    return this.command((state, at) => {
      const waiting = arenaWaiting(state, this.arenaPool(state));
      const ready = readyToPair(waiting, at, arenaWaitMs(state.settings));
      return arenaWave(
        state,
        ready.map(({ id, since }) => ({ id, since })),
        at,
      );
    });
  }

  /** Starts a waiting tournament: its first round, or an arena's first wave of everyone entered. */
  start(): Promise<DirectorAnswer> {
    return this.command((state, at) => {
      if (state.status !== "waiting") return { ok: false, code: "round-in-play" };
      if (state.settings.format !== "arena") return nextRound(state, at);
      const present = state.entrants.filter((e) => !e.withdrawn && !e.paused);
      if (present.length < 2) return { ok: false, code: "too-few-entrants" };
      return arenaWave(
        state,
        present.map((e) => ({ id: e.id, since: 0 })),
        at,
      );
    });
  }

  private arenaPool(state: TournamentState): { id: EntrantId; since: number }[] {
    const busy = playing(state);
    return state.entrants
      .filter((e) => !e.withdrawn && !e.paused && !busy.has(e.id))
      .map((e) => ({ id: e.id, since: this.since.get(e.id) ?? e.joinedAt }));
  }

  private timer(name: string, at: number, run: () => void): void {
    if (this.timers.has(name)) return;
    this.timers.set(
      name,
      this.deps.clock.schedule(at, () => {
        this.timers.delete(name);
        run();
      }),
    );
  }

  private cancel(name: string): void {
    this.timers.get(name)?.();
    this.timers.delete(name);
  }
}

/** Rounds started among `events` before index `i`. */
function countRounds(events: readonly TournamentEvent[], i: number): number {
  return events.slice(0, i).filter((e) => e.type === "round-started").length;
}

function playing(state: TournamentState): Set<EntrantId> {
  return new Set(
    boardsInPlay(state).flatMap(({ round, board }) => {
      const pairing = state.rounds[round - 1]?.boards[board]?.pairing;
      return pairing?.kind === "game" ? pairing.seats : [];
    }),
  );
}
