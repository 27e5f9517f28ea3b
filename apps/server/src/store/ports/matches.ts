import {
  type ChatLine,
  type ChatMute,
  type MatchAnalysis,
  type MatchId,
  type RoomSummary,
  type VersionedEvent,
} from "@arena/protocol";

export type AppendResult = { readonly ok: true } | { readonly ok: false; readonly reason: "conflict" };

/** `entries`: what was appended, ending at `version`; null when the news carried only the version. */
export type AppendListener = (
  matchId: MatchId,
  version: number,
  entries: readonly VersionedEvent[] | null,
) => void;

/**
 * Where matches live. Every method may reject when the backing service is
 * down; the room maps that to `store-unavailable`.
 */
export interface MatchStore {
  /**
   * Appends events if and only if the log has exactly `expectedVersion`
   * events (compare-and-set): two processes can never both apply a move. `appender`: the appending
   * process's name in leases, so that a store shared by processes spares the lease holder the news of its
   * own appends.
   */
  append(
    matchId: MatchId,
    expectedVersion: number,
    events: readonly VersionedEvent[],
    appender?: string,
  ): Promise<AppendResult>;
  /** Events after `sinceVersion`, in order; null if the match does not exist. */
  read(matchId: MatchId, sinceVersion: number): Promise<VersionedEvent[] | null>;
  /**
   * Keeps a match's secret (docs/protocol.md, "Hidden randomness"), written once, before the match's
   * first event: it draws the start position and every roll, so it lives beside the log, never in it,
   * and no read of the log, the lobby or a snapshot returns it (the `ended` event reveals it). Only the
   * first write for a match is kept: a second answers false and changes nothing. Kept as long as the
   * match's log is.
   */
  keepSecret(matchId: MatchId, secret: string): Promise<boolean>;
  /** The secret kept for a match; null if none was. */
  readSecret(matchId: MatchId): Promise<string | null>;
  // The lobby index and the live set are the log's durable indexes: one process needs them after a restart.
  /** The lobby index: a summary per open or live room; null removes it. */
  putSummary(matchId: MatchId, summary: RoomSummary | null): Promise<void>;
  listSummaries(): Promise<RoomSummary[]>;
  /** The set of live (started, unfinished) matches, for takeover after a crash. */
  setLive(matchId: MatchId, live: boolean): Promise<void>;
  listLive(): Promise<MatchId[]>;
  /** A finished match's post-game analysis (docs/analysis.md), kept beside its log; null if none yet. */
  getAnalysis(matchId: MatchId): Promise<MatchAnalysis | null>;
  /** Keeps an analysis (replacing any earlier one: it is the same computation). */
  putAnalysis(matchId: MatchId, analysis: MatchAnalysis): Promise<void>;
  // Chat (docs/architecture.md, "Chat"): beside the log, never in it (a line is not a change of the match).
  /** Keeps a line; only the newest `keep` lines of its channel stay. */
  appendChat(matchId: MatchId, line: ChatLine, keep: number): Promise<void>;
  /** A match's kept lines, both channels, oldest first. */
  readChat(matchId: MatchId): Promise<ChatLine[]>;
  /** One user mutes (or unmutes) another in a match; muting twice keeps one mute. */
  setMute(matchId: MatchId, mute: ChatMute, on: boolean): Promise<void>;
  /** Every mute in a match. */
  readMutes(matchId: MatchId): Promise<ChatMute[]>;
  /**
   * Called when any process appends to a match (including this one; a store shared by processes tells only
   * the news of the matches followed through the cluster, as its role says), with the version the log reached and,
   * where the store carries them, the entries appended (so a follower applies them without reading the log).
   * `follows`: the news the listener wants (by match, and the version the log reached); a store that
   * decodes news from other processes may skip the rest without reading their entries.
   */
  onAppend(listener: AppendListener, follows?: (matchId: MatchId, version: number) => boolean): () => void;
  /** Whether the backing service is reachable and writable right now (readiness). */
  isReady(): boolean;
  close(): Promise<void>;
}
