import { arenaWaiting, pairArenaWave } from "./arena.js";
import { type EntrantKind, type TournamentEvent } from "./events.js";
import { boardsInPlay, type TournamentState } from "./fold.js";
import { nextRoundRobinPairings } from "./round-robin.js";
import { pairSwiss, swissPlayers } from "./swiss.js";
import { type EntrantId } from "./types.js";

export const TOURNAMENT_REFUSALS = [
  "finished",
  "already-entered",
  "full",
  "not-entered",
  "withdrawn",
  "entries-closed",
  "not-an-arena",
  "already-paused",
  "not-paused",
  "too-few-entrants",
  "round-in-play",
  "nobody-to-pair",
] as const;
export type TournamentRefusal = (typeof TOURNAMENT_REFUSALS)[number];

/** The events a command appends, or why it is refused. */
export type Decision =
  | { readonly ok: true; readonly events: readonly TournamentEvent[] }
  | { readonly ok: false; readonly code: TournamentRefusal };

const accept = (...events: TournamentEvent[]): Decision => ({ ok: true, events });
const refuse = (code: TournamentRefusal): Decision => ({ ok: false, code });

function entrantOf(state: TournamentState, id: EntrantId) {
  return state.entrants.find((e) => e.id === id);
}

/**
 * Entry: open until the end, except a round-robin's, which closes when its table is drawn, and while
 * fewer than `maxPlayers` entrants are present (withdrawn ones free their place). Decided here, in the
 * director's mailbox, so that joins arriving together cannot overfill it.
 */
export function join(
  state: TournamentState,
  entrant: {
    readonly id: EntrantId;
    readonly name: string;
    readonly kind: EntrantKind;
    readonly rating: number;
  },
  at: number,
  maxPlayers: number,
): Decision {
  if (state.status === "finished") return refuse("finished");
  if (entrantOf(state, entrant.id) !== undefined) return refuse("already-entered");
  if (state.settings.format === "round-robin" && state.status !== "waiting") return refuse("entries-closed");
  if (state.entrants.filter((e) => !e.withdrawn).length >= maxPlayers) return refuse("full");
  return accept({
    type: "joined",
    at,
    entrant: entrant.id,
    name: entrant.name,
    kind: entrant.kind,
    rating: entrant.rating,
  });
}

export function withdraw(state: TournamentState, id: EntrantId, at: number): Decision {
  if (state.status === "finished") return refuse("finished");
  const entrant = entrantOf(state, id);
  if (entrant === undefined) return refuse("not-entered");
  if (entrant.withdrawn) return refuse("withdrawn");
  return accept({ type: "withdrew", at, entrant: id });
}

/** Arena: pause (not paired until resumed) or resume. */
export function setPaused(state: TournamentState, id: EntrantId, paused: boolean, at: number): Decision {
  if (state.status === "finished") return refuse("finished");
  if (state.settings.format !== "arena") return refuse("not-an-arena");
  const entrant = entrantOf(state, id);
  if (entrant === undefined) return refuse("not-entered");
  if (entrant.withdrawn) return refuse("withdrawn");
  if (entrant.paused === paused) return refuse(paused ? "already-paused" : "not-paused");
  return accept({ type: paused ? "paused" : "resumed", at, entrant: id });
}

/**
 * A swiss's or round-robin's next step once the boards in play are decided: the next round, or the
 * end when the rounds are played out (a swiss: also when no valid pairing is left).
 */
export function nextRound(state: TournamentState, at: number): Decision {
  if (state.status === "finished") return refuse("finished");
  if (state.settings.format === "arena") return refuse("not-an-arena");
  if (boardsInPlay(state).length > 0) return refuse("round-in-play");
  const present = state.entrants.filter((e) => !e.withdrawn);
  if (state.status === "waiting" && present.length < 2) return refuse("too-few-entrants");
  if (state.settings.format === "round-robin") {
    const pairings = nextRoundRobinPairings(state);
    return accept(pairings === null ? { type: "finished", at } : { type: "round-started", at, pairings });
  }
  if (state.rounds.length >= (state.settings.rounds ?? 0) || present.length < 2)
    return accept({ type: "finished", at });
  const paired = pairSwiss(swissPlayers(state));
  return accept(
    paired.ok ? { type: "round-started", at, pairings: paired.pairings } : { type: "finished", at },
  );
}

/**
 * An arena's pairing wave from the players waiting (with the time each entered the pool; anyone still
 * playing is left out), or its end once the duration is over: games still on then do not count, as in
 * lichess. The caller picks the wave with `readyToPair`.
 */
export function arenaWave(
  state: TournamentState,
  pool: readonly { readonly id: EntrantId; readonly since: number }[],
  at: number,
): Decision {
  if (state.status === "finished") return refuse("finished");
  if (state.settings.format !== "arena") return refuse("not-an-arena");
  const startedAt = state.rounds[0]?.startedAt ?? at;
  if (at - startedAt >= (state.settings.durationMs ?? 0)) return accept({ type: "finished", at });
  const playing = new Set(
    boardsInPlay(state).flatMap(({ round, board }) => {
      const pairing = state.rounds[round - 1]?.boards[board]?.pairing;
      return pairing?.kind === "game" ? pairing.seats : [];
    }),
  );
  const waiting = arenaWaiting(
    state,
    pool.filter((p) => !playing.has(p.id)),
  );
  const { pairings } = pairArenaWave(waiting, state.entrants.length);
  return pairings.length === 0 ? refuse("nobody-to-pair") : accept({ type: "round-started", at, pairings });
}
