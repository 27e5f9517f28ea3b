import { type EntrantKind, type TournamentEvent } from "./events.js";
import { pairsByDiscs } from "./pairs.js";
import { type Board, boardRecords, type EntrantRecord, pairRecords } from "./records.js";
import { computeStandings, type Standing } from "./standings.js";
import { berserkAllowed } from "./settings.js";
import { type EntrantId, type Pairing, type TournamentSettings } from "./types.js";

export interface Entrant {
  readonly id: EntrantId;
  readonly name: string;
  readonly kind: EntrantKind;
  readonly rating: number;
  readonly joinedAt: number;
  readonly withdrawn: boolean;
  /** Arena: not paired while paused. */
  readonly paused: boolean;
}

export interface Round {
  readonly startedAt: number;
  readonly boards: readonly Board[];
}

export type TournamentStatus = "waiting" | "running" | "finished";

/**
 * A tournament as a value: the fold of its event log, the same in the director, after a restart, in
 * another process and in the browser.
 */
export interface TournamentState {
  readonly settings: TournamentSettings;
  readonly createdAt: number;
  readonly status: TournamentStatus;
  /** In join order: the seed order of round-robin tables and the last tie-break. */
  readonly entrants: readonly Entrant[];
  /** Every round so far (an arena: every pairing wave), from round 1 at index 0. */
  readonly rounds: readonly Round[];
  /** Each entrant's decided boards, in the order they were decided. */
  readonly records: ReadonlyMap<EntrantId, readonly EntrantRecord[]>;
  readonly standings: readonly Standing[];
}

const bug = (message: string): never => {
  throw new Error(`impossible tournament log: ${message}`);
};

type Mutable = {
  -readonly [K in keyof TournamentState]: TournamentState[K];
};

function created(event: TournamentEvent): Mutable {
  if (event.type !== "created") return bug("the first event is not `created`");
  return {
    settings: event.settings,
    createdAt: event.at,
    status: "waiting",
    entrants: [],
    rounds: [],
    records: new Map(),
    standings: [],
  };
}

function entrantsOf(pairing: Pairing): readonly EntrantId[] {
  return pairing.kind === "bye" ? [pairing.entrant] : pairing.seats;
}

function record(state: Mutable, board: Board, round: number): void {
  addRecords(state, boardRecords(board, round));
}

function addRecords(state: Mutable, entries: readonly [EntrantId, EntrantRecord][]): void {
  const records = new Map(state.records);
  for (const [id, entry] of entries) records.set(id, [...(records.get(id) ?? []), entry]);
  state.records = records;
}

function setEntrant(state: Mutable, id: EntrantId, change: Partial<Entrant>): void {
  if (!state.entrants.some((e) => e.id === id)) bug(`unknown entrant ${id}`);
  state.entrants = state.entrants.map((e) => (e.id === id ? { ...e, ...change } : e));
}

function apply(state: Mutable, event: TournamentEvent): void {
  if (state.status === "finished") bug(`${event.type} after the end`);
  switch (event.type) {
    case "created":
      return bug("a second `created`");
    case "joined":
      if (state.entrants.some((e) => e.id === event.entrant)) bug(`${event.entrant} joined twice`);
      if (state.settings.format === "round-robin" && state.status !== "waiting")
        bug("a late round-robin entry");
      state.entrants = [
        ...state.entrants,
        {
          id: event.entrant,
          name: event.name,
          kind: event.kind,
          rating: event.rating,
          joinedAt: event.at,
          withdrawn: false,
          paused: false,
        },
      ];
      return;
    case "withdrew":
      return setEntrant(state, event.entrant, { withdrawn: true });
    case "paused":
    case "resumed":
      if (state.settings.format !== "arena") bug(`${event.type} outside an arena`);
      return setEntrant(state, event.entrant, { paused: event.type === "paused" });
    case "round-started": {
      const withdrawn = new Set(state.entrants.filter((e) => e.withdrawn).map((e) => e.id));
      const seen = new Set<EntrantId>();
      const round = state.rounds.length + 1;
      const pairs = state.settings.pairsFromOneOpening === true;
      if (pairs !== (event.openings !== undefined)) bug(`round ${round}'s openings do not fit the settings`);
      const boards = event.pairings.flatMap((pairing, i): Board[] => {
        const ids = entrantsOf(pairing);
        for (const id of ids) {
          if (!state.entrants.some((e) => e.id === id) || seen.has(id))
            bug(`${id} cannot play round ${round}`);
          seen.add(id);
        }
        const forfeited = ids.filter((id) => withdrawn.has(id));
        if (forfeited.length > 0 && (state.settings.format !== "round-robin" || pairing.kind === "bye")) {
          bug(`withdrawn ${forfeited.join(", ")} paired`);
        }
        if (!pairs || pairing.kind === "bye") return [{ pairing, result: null, forfeited }];
        const opening = event.openings?.[i] ?? bug(`round ${round} has no opening for pairing ${i}`);
        const [first, second] = pairing.seats;
        return [
          { pairing, result: null, forfeited, pair: { game: 0, opening } },
          {
            pairing: { kind: "game", seats: [second, first] },
            result: null,
            forfeited,
            pair: { game: 1, opening },
          },
        ];
      });
      state.status = "running";
      state.rounds = [...state.rounds, { startedAt: event.at, boards }];
      for (const board of boards) {
        // A forfeited pair scores once, from its first board.
        const counted = board.pair?.game !== 1;
        if (board.pairing.kind === "bye" || (board.forfeited.length > 0 && counted))
          record(state, board, round);
      }
      return;
    }
    case "game-finished": {
      const round = state.rounds[event.round - 1] ?? bug(`no round ${event.round}`);
      const board = round.boards[event.board] ?? bug(`no board ${event.board} in round ${event.round}`);
      if (board.pairing.kind === "bye" || board.forfeited.length > 0 || board.result !== null) {
        bug(`board ${event.board} of round ${event.round} is already decided`);
      }
      if (!berserkAllowed(state.settings) && event.result.berserk?.includes(true) === true)
        bug("berserk where it is not allowed");
      const decided: Board = { ...board, result: event.result };
      state.rounds = state.rounds.map((r, i) =>
        i === event.round - 1
          ? { ...r, boards: r.boards.map((b, j) => (j === event.board ? decided : b)) }
          : r,
      );
      if (decided.pair === undefined) {
        record(state, decided, event.round);
        return;
      }
      const sibling = round.boards[event.board + (decided.pair.game === 0 ? 1 : -1)];
      if (sibling?.result === null || sibling === undefined) return;
      const [first, second] = decided.pair.game === 0 ? [decided, sibling] : [sibling, decided];
      addRecords(state, pairRecords(first, second, event.round, pairsByDiscs(state.settings)));
      return;
    }
    case "finished":
      state.status = "finished";
      return;
  }
}

/** Folds a tournament's log (from its `created` event) into its state and standings. */
export function foldTournament(events: readonly TournamentEvent[]): TournamentState {
  const [first, ...rest] = events;
  if (first === undefined) return bug("an empty log");
  const state = created(first);
  for (const event of rest) apply(state, event);
  state.standings = computeStandings(state);
  return state;
}

/** Every board whose game is still on (an arena's waves overlap). */
export function boardsInPlay(state: TournamentState): { round: number; board: number }[] {
  return state.rounds.flatMap((r, i) =>
    r.boards.flatMap((b, board) =>
      b.pairing.kind === "game" && b.forfeited.length === 0 && b.result === null
        ? [{ round: i + 1, board }]
        : [],
    ),
  );
}
