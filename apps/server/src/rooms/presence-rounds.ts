import { type MatchId } from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { type RoomCache } from "./cache.js";
import { type PresenceReport } from "./presence.js";
import { type Fanout } from "./room-ports.js";

/**
 * How often a process reports its followers of each match to the others (docs/architecture.md, "Presence
 * across processes"); one not heard of for three rounds is taken to be gone.
 */
export const PRESENCE_REPORT_MS = 5_000;

/**
 * How long a live room this process neither owns nor has followers of stays in its cache (a player
 * reconnecting to this process meanwhile finds it there); then the process stops following its log.
 */
export const UNFOLLOWED_ROOM_KEPT_MS = 30_000;

/**
 * The presence of this process's rooms across processes: the periodic reports out, the reports heard,
 * and match affinity (rooms followed only on other processes leave this one).
 */
export class PresenceRounds {
  /** Live rooms cached here that this process neither owns nor has followers of, and since when. */
  private unfollowed = new Map<MatchId, number>();
  private cancelRound: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly cache: RoomCache,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly fanout: Pick<Fanout, "presenceReports">,
  ) {}

  /**
   * Every `PRESENCE_REPORT_MS` this process reports its followers of every match it has any in (a sign of
   * life: a process not heard of for three rounds is taken to be gone, and its players offline since).
   */
  start(): void {
    const { clock } = this;
    this.cancelRound = clock.schedule(clock.now() + PRESENCE_REPORT_MS, () => {
      if (this.stopped) return;
      const reports: (readonly [MatchId, PresenceReport])[] = [];
      const before = clock.now() - 3 * PRESENCE_REPORT_MS;
      for (const room of this.cache.all()) {
        room.crowd.expire(before);
        if (room.presence.followedHere) reports.push([room.matchId, room.presence.localReport()]);
      }
      if (reports.length > 0) this.fanout.presenceReports(reports);
      this.dropUnfollowed();
      this.start();
    });
  }

  stop(): void {
    this.stopped = true;
    this.cancelRound?.();
  }

  /** Another process reported its followers of matches. */
  heard(instance: string, reports: readonly (readonly [MatchId, PresenceReport])[]): void {
    for (const [matchId, report] of reports) this.cache.cached(matchId)?.crowd.heard(instance, report);
  }

  /** Another process loaded a room: tell it this process's followers of it, if any. */
  asked(matchId: MatchId): void {
    const room = this.cache.cached(matchId);
    if (room?.presence.followedHere === true) room.crowd.report(true);
  }

  /**
   * Match affinity (docs/architecture.md, "Several processes"): a live room that another process runs and
   * no socket here follows is dropped after `UNFOLLOWED_ROOM_KEPT_MS`, so that this process no longer
   * applies its every move (a room created from a lobby socket here whose players play elsewhere).
   */
  private dropUnfollowed(): void {
    const now = this.clock.now();
    const stillKept = new Map<MatchId, number>();
    for (const room of [...this.cache.all()]) {
      if (room.owned || room.model.status !== "live" || room.presence.followedHere) continue;
      const since = this.unfollowed.get(room.matchId) ?? now;
      if (now - since < UNFOLLOWED_ROOM_KEPT_MS) {
        stillKept.set(room.matchId, since);
        continue;
      }
      this.logger.debug({ matchId: room.matchId }, "dropped a room followed only elsewhere");
      this.cache.drop(room.matchId);
    }
    this.unfollowed = stillKept;
  }
}
