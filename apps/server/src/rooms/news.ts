import { type MatchId } from "@arena/protocol";
import { type Logger } from "pino";
import { type Cluster, type NewsRole } from "../cluster/ports.js";
import { type Room } from "./room.js";

/**
 * Which match news this process hears (docs/architecture.md, "Several processes"): a room it keeps a copy
 * of while another process runs it needs every append; a room it holds the lease of only the appends of
 * other processes. The cluster of one process (cluster/local.ts) hears every append without following.
 */
export class NewsSubscriptions {
  /** The role each cached room's news is followed in (the latest asked for, while a switch is in flight). */
  private readonly roles = new Map<MatchId, NewsRole>();

  constructor(
    private readonly cluster: Cluster,
    private readonly logger: Logger,
  ) {}

  /**
   * Before a room's log is read to load it: once this resolves, every later append is in the news, so the
   * read and the news together miss nothing. Each call is followed by one `loaded`.
   */
  async loading(matchId: MatchId): Promise<void> {
    await this.cluster.followNews(matchId, "copy");
  }

  /** The load ended: with its room, followed from now on, or with none (no such match, or it failed). */
  loaded(matchId: MatchId, room: Room | null): void {
    if (room === null) this.cluster.unfollowNews(matchId, "copy");
    else this.roles.set(matchId, "copy");
  }

  /**
   * The room's lease changed hands here. The new channel is subscribed before the old one is left; the
   * match's own channel carries every append, so taking the lease misses nothing, while on giving it up
   * the appends the new holder made before this process knew (heard only on its channel) are read.
   */
  leaseChanged(room: Room): void {
    const { cluster } = this;
    const had = this.roles.get(room.matchId);
    const wanted: NewsRole = room.owned ? "holder" : "copy";
    if (had === undefined || had === wanted) return;
    this.roles.set(room.matchId, wanted);
    cluster
      .followNews(room.matchId, wanted)
      .catch((error: unknown) => {
        // The subscriber is away: it subscribes again when back, and every room reads its log then.
        this.logger.warn({ err: error, matchId: room.matchId }, "match news subscription failed");
      })
      .finally(() => {
        if (wanted === "copy" && this.roles.has(room.matchId)) room.resync();
        cluster.unfollowNews(room.matchId, had);
      });
  }

  /** The room left this process's memory: no news of it is needed here. */
  dropped(matchId: MatchId): void {
    const role = this.roles.get(matchId);
    if (role === undefined) return;
    this.roles.delete(matchId);
    this.cluster.unfollowNews(matchId, role);
  }
}
