import {
  type TournamentChatLine,
  type TournamentId,
  type TournamentSummary,
  type UserRef,
} from "@arena/protocol";
import { type TournamentEvent } from "@arena/tournament";

/** What a tournament's log does not hold: who made it, its name and the lobby's details. */
export interface TournamentMeta {
  readonly id: TournamentId;
  readonly name: string;
  readonly createdBy: UserRef;
  readonly rated: boolean;
  readonly maxPlayers: number;
  /** When the director starts it by itself (server ms); null: when its creator presses start. */
  readonly startsAt: number | null;
  /** The AI entrants the creator added, by entrant id (`ai-<n>`), with their level. */
  readonly aiEntrants: readonly { readonly id: string; readonly level: number }[];
  /** Only the invited (and the creator) may join; absent in tournaments stored before invitations. */
  readonly invitationOnly?: boolean;
  /** The accounts the creator invited by name. */
  readonly invited?: readonly UserRef[];
}

/** A tournament as stored: its meta and its event log, oldest first (version = number of events). */
export interface StoredTournament {
  readonly meta: TournamentMeta;
  readonly events: readonly TournamentEvent[];
}

export type TournamentAppend =
  | { readonly ok: true; readonly version: number }
  | { readonly ok: false; readonly reason: "conflict"; readonly version: number };

/**
 * Where tournaments live (docs/tournaments.md, "The server"): one append-only log per tournament, written
 * with compare-and-set on its length so two directors can never both extend it, and one summary row per
 * tournament for the lobby, replaced with every append. Every method may reject when the store is down.
 */
export interface TournamentStore {
  /** Writes a new tournament's meta and first events; a conflict if the id is taken. */
  create(
    meta: TournamentMeta,
    events: readonly TournamentEvent[],
    summary: TournamentSummary,
  ): Promise<TournamentAppend>;
  /** Appends if the log holds exactly `expectedVersion` events, and replaces the lobby's summary. */
  append(
    id: TournamentId,
    expectedVersion: number,
    events: readonly TournamentEvent[],
    summary: TournamentSummary,
  ): Promise<TournamentAppend>;
  load(id: TournamentId): Promise<StoredTournament | null>;
  /** Every tournament not finished yet: the directors to resume at boot, and creators' quotas. */
  unfinished(): Promise<TournamentMeta[]>;
  /** The lobby: running, then waiting (soonest first), then the `finished` latest finished. */
  list(finished: number): Promise<TournamentSummary[]>;
  /** Keeps a chat line beside the log, never in it (a line changes nothing), and only the newest `keep`. */
  appendChat(id: TournamentId, line: TournamentChatLine, keep: number): Promise<void>;
  /** The chat lines kept, oldest first. */
  readChat(id: TournamentId): Promise<TournamentChatLine[]>;
}

const STATUS_ORDER = { running: 0, waiting: 1, finished: 2 } as const;

/** The lobby's order of the unfinished (every backend sorts alike). */
export function lobbyOrder(a: TournamentSummary, b: TournamentSummary): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    (a.startedAt ?? a.startsAt ?? Infinity) - (b.startedAt ?? b.startsAt ?? Infinity) ||
    a.id.localeCompare(b.id)
  );
}
