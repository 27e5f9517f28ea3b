import { isOver, type MatchModel } from "@arena/match";
import {
  type Ack,
  type Failure,
  type Invitation,
  type LobbyPage,
  type LobbyQuery,
  type LobbyView,
  type MatchId,
  type RoomSummary,
  type UserId,
  type UserRef,
  type VersionedEvent,
  type Version,
} from "@arena/protocol";
import { maxAiLevel } from "../games/catalogue.js";
import { type HeldKind, holdsAi, holdsCorrespondence, type Quotas } from "../quotas/quotas.js";
import { RoomCache } from "./cache.js";
import {
  createPairedRoom,
  createRematch,
  createRoom,
  newMatchId,
  type PairedRoomPlan,
  type RoomRequest,
  roomPlan,
} from "./creation.js";
import { type BoardMatchPlan, ensureBoardMatch } from "./tournament-match.js";
import { LeaseKeeper } from "./leases.js";
import { LobbyFeed, type LobbySubscriber } from "./lobby-feed.js";
import { LobbyIndex } from "./lobby.js";
import { PresenceRounds } from "./presence-rounds.js";
import { NewsSubscriptions } from "./news.js";
import { noShowSeat } from "./no-show.js";
import { Room } from "./room.js";
import { type PresenceReport } from "./presence.js";
import { type RoomEvents, type RoomsOptions } from "./room-ports.js";

/**
 * The rooms of this process: finds, creates and drops them (the cache that loads them, the lease keeper
 * that runs their clocks and AI here, the lobby index, and room creation), and hears what they tell.
 */
export class Rooms implements RoomEvents {
  private readonly cache: RoomCache;
  private readonly leases: LeaseKeeper;
  private readonly lobby: LobbyIndex;
  private readonly lobbyFeed: LobbyFeed;
  private readonly news: NewsSubscriptions;
  private readonly quotas: Quotas;
  /** Presence reports to and from the other processes, and the rooms followed only elsewhere. */
  readonly presence: PresenceRounds;
  /** Rooms this process is creating: their quota places are taken before they exist in the store. */
  private readonly creating = new Set<MatchId>();
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly options: RoomsOptions) {
    const { store, clock, ai, logger, goneScale, fanout } = options;
    this.quotas = options.quotas;
    const waitingRoomExpiryMs = options.quotas.limits.waitingRoomExpiryMs;
    const { owner } = options;
    const roomDeps = {
      store,
      clock,
      ai,
      logger,
      owner,
      goneScale,
      waitingRoomExpiryMs,
      maxAiLevel,
      sink: fanout,
      events: this,
      online: options.online,
    };
    this.news = new NewsSubscriptions(options.cluster, logger);
    this.cache = new RoomCache({
      clock,
      load: async (matchId) => {
        let room: Room | null = null;
        try {
          await this.news.loading(matchId);
          room = await Room.load(roomDeps, matchId);
        } finally {
          this.news.loaded(matchId, room);
        }
        if (room !== null) fanout.presenceWanted(matchId);
        // A finished game whose recording failed (the store was down at its end) is recorded when it is
        // next loaded; one already recorded costs the store one guard read.
        if (room !== null && isOver(room.model)) options.onEnded?.(room.model);
        return room;
      },
      finishedRoomsKept: options.finishedRoomsKept,
      evicted: (matchId) => {
        this.news.dropped(matchId);
        fanout.evicted(matchId);
      },
    });
    this.leases = new LeaseKeeper({
      store,
      cluster: options.cluster,
      clock,
      logger,
      rooms: this.cache,
      owner: options.owner,
      leaseTtlMs: options.leaseTtlMs,
      creditToMoveMs: options.creditToMoveMs,
      creditOthersMs: options.creditOthersMs,
      offer: (matchId, to) => fanout.leaseOffered(matchId, to),
      adopted: (room) => {
        options.myGames.adopted(room.model);
        options.onAdopted?.(room.model);
      },
    });
    this.lobby = new LobbyIndex(store, logger, (matchId, summary) => fanout.lobbyEntry(matchId, summary));
    this.lobbyFeed = new LobbyFeed(this.lobby, clock, logger);
    this.presence = new PresenceRounds(this.cache, clock, logger, fanout);
  }

  /** Follows other processes' appends, loads the live games (taking over orphans) and starts lease upkeep. */
  async start(): Promise<void> {
    const unsubscribe = this.options.store.onAppend(
      (matchId, version, entries) => this.cache.cached(matchId)?.notify(version, entries),
      (matchId, version) => this.cache.cached(matchId)?.wantsNews(version) === true,
    );
    const unresync = this.options.cluster.onResync(() => {
      for (const room of this.cache.all()) room.resync();
    });
    this.unsubscribe = () => {
      unsubscribe();
      unresync();
    };
    await this.leases.maintain();
    void this.loadWaitingRooms();
    this.presence.start();
  }

  /** Another process handed back the lease of a match for this one, where its sockets are, to take. */
  leaseOffered(matchId: MatchId, to: string): void {
    if (to === this.options.owner && !this.stopped) this.leases.claim(matchId);
  }

  /**
   * Loads the lobby's waiting rooms, so that their expiry timers run (docs/architecture.md, "Quotas"):
   * after a restart nothing else loads a room nobody opens, and it would wait, and hold its host's place,
   * for ever. (A link-only room is loaded when first touched: a host's quota that is full loads its rooms
   * to check them.) In the background: start-up does not wait for it.
   */
  private async loadWaitingRooms(): Promise<void> {
    try {
      for (const summary of await this.options.store.listSummaries()) {
        if (this.stopped) return;
        if (summary.status === "waiting") await this.cache.get(summary.matchId);
      }
    } catch (error) {
      this.options.logger.warn(
        { err: error },
        "the waiting rooms could not be loaded: they expire once opened",
      );
    }
  }

  /** Stops timers and AI. Graceful: hand the leases back so another process takes over at once. */
  async stop(graceful: boolean): Promise<void> {
    this.stopped = true;
    this.presence.stop();
    this.unsubscribe?.();
    this.lobbyFeed.close();
    await this.leases.stop(graceful, this.cache.close());
  }

  /** Shutting down: rooms are closed and no longer loaded. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** The room of a match if it is in memory now (no promise: the path of every move). */
  cached(matchId: MatchId): Room | undefined {
    return this.cache.cached(matchId);
  }

  /** The room of a match, loaded from the store on first use; rejects when the store cannot be read. */
  get(matchId: MatchId): Promise<Room | null> {
    return this.cache.get(matchId);
  }

  /** A match's whole event log as the store holds it (the JSON download), null for no such match. */
  log(matchId: MatchId): Promise<VersionedEvent[] | null> {
    return this.options.store.read(matchId, 0);
  }

  /** The invitations by name still waiting for `userId` (public rooms; docs/protocol.md). */
  invitationsFor(userId: UserId): Promise<Invitation[]> {
    return this.lobby.invitationsFor(userId);
  }

  /** A new room, within its host's quotas (`address`: the host's, null when it has no limit). */
  async create(
    host: UserRef,
    address: string | null,
    input: RoomRequest,
  ): Promise<Ack<{ matchId: MatchId; version: Version }>> {
    const matchId = newMatchId();
    this.creating.add(matchId);
    let ack: Ack<{ matchId: MatchId; version: Version }>;
    try {
      const admitted = await this.quotas.admitRoom(host.id, address, matchId, roomPlan(input));
      if (!admitted.ok) return admitted;
      ack = await createRoom(this.creationDeps(), host, input, matchId);
      if (!ack.ok) {
        await admitted
          .undo()
          .catch((error: unknown) => this.options.logger.warn({ err: error }, "quota undo failed"));
        return ack;
      }
    } finally {
      this.creating.delete(matchId);
    }
    const room = this.cache.cached(ack.matchId);
    if (room !== undefined) {
      // A room nobody sat in yet has had no command: list it in the lobby now.
      this.lobby.publish(room, room.model);
      // Places the plan took and the room turned out not to need (a room that started at once).
      this.quotas.settle(room.model);
    }
    return ack;
  }

  /**
   * A quick-pairing room, both players seated and the game started (docs/protocol.md, "Quick pairing"). Its
   * creation rate was counted when the seeks entered.
   */
  createPaired(plan: PairedRoomPlan): Promise<Ack<{ matchId: MatchId; version: Version }>> {
    // Its start is a command: the lobby and the quotas follow it as they follow any room (`changed`).
    return createPairedRoom(this.creationDeps(), plan);
  }

  /** A tournament board's match, found or created and started (rooms/tournament-match.ts). */
  ensureBoardMatch(plan: BoardMatchPlan): Promise<MatchModel | null> {
    return ensureBoardMatch(this.creationDeps(), plan);
  }

  /**
   * The host is about to seat an AI in a waiting room: a place among their AI games, unless the room has
   * one already. Null when it may go ahead; `settleQuotas` after the command gives it back if unused.
   */
  admitAi(room: Room): Promise<Failure | null> {
    const model = room.model;
    if (model.status !== "waiting" || holdsAi(model)) return Promise.resolve(null);
    return this.quotas.admitAi(model.host.id, model.matchId);
  }

  settleQuotas(room: Room): void {
    this.quotas.settle(room.model);
  }

  /** One page of the lobby (`GET /api/rooms`). Rejects when the store cannot be read. */
  lobbyPage(query: LobbyQuery): Promise<LobbyPage> {
    return this.lobby.page(query);
  }

  /** One page of the lobby, then what changes on it (`lobby:subscribe`). */
  subscribeLobby(subscriber: LobbySubscriber, query: LobbyQuery): Promise<LobbyPage & { view: LobbyView }> {
    return this.lobbyFeed.subscribe(subscriber, query);
  }

  unsubscribeLobby(id: string, view?: LobbyView): void {
    this.lobbyFeed.unsubscribe(id, view);
  }

  /** Another process changed a room's lobby entry. */
  lobbyHeard(matchId: MatchId, summary: RoomSummary | null): void {
    this.lobby.heard(matchId, summary);
  }

  /** Live matches this process runs. */
  liveCount(): number {
    let live = 0;
    for (const room of this.cache.all()) if (room.owned && room.model.status === "live") live++;
    return live;
  }

  /** Finished rooms in memory. */
  get finishedCached(): number {
    return this.cache.finishedCount;
  }

  /** One round of lease upkeep now (tests). */
  maintain(): Promise<void> {
    return this.leases.maintain();
  }

  private creationDeps() {
    const { store, clock, logger } = this.options;
    return { store, clock, logger, rooms: this.cache };
  }

  /**
   * Whether a room a quota lists still counts there (the quota prunes those that do not). A room that is
   * not in the store does not, unless this process is creating it: another process's creation in flight
   * may be pruned, letting its user exceed the quota by one for a moment (docs/protocol.md, "Quotas").
   */
  async stillHeld(kind: HeldKind, matchId: MatchId): Promise<boolean> {
    if (this.creating.has(matchId)) return true;
    const room = await this.cache.get(matchId);
    if (room === null) return false;
    if (kind === "waiting") return room.model.status === "waiting";
    return kind === "ai" ? holdsAi(room.model) : holdsCorrespondence(room.model);
  }

  // ——— RoomEvents: what rooms tell the process ———

  timeRunningOut(room: Room): void {
    this.options.onTimeRunningOut?.(room.model);
  }

  changed(room: Room, before: MatchModel, here: boolean): void {
    const model = room.model;
    // Once per change, from the process that appended it (every other copy hears the same change).
    if (here) {
      this.options.myGames.changed(before, model);
      this.options.onChangedHere?.(before, model);
      if (before.status !== "live" && model.status === "live") this.options.onStarted?.(model);
      if (before.moves !== model.moves) this.options.onMoved?.(before, model);
    }
    // A move in a live game: nothing here changes (status, seats and leases stay, the lobby does not
    // show moves), and this runs for every move.
    if (
      before.status === "live" &&
      model.status === "live" &&
      before.slots === model.slots &&
      before.eliminatedAt === model.eliminatedAt
    ) {
      return;
    }
    if (before.status !== "live" && model.status === "live") this.leases.started(model.matchId);
    if (isOver(model) && (before.status === "live" || room.owned)) this.leases.ended(room);
    if (isOver(model) && !isOver(before)) {
      this.cache.retire(room);
      this.options.onEnded?.(model);
      const seat = noShowSeat(before, model);
      const slot = seat === null ? undefined : model.slots[seat];
      if (slot?.kind === "human") this.options.onNoShow?.(model.matchId, slot.user.id);
    }
    if (before.status !== model.status || before.slots !== model.slots) this.quotas.settle(model);
    if (before.status !== model.status) this.options.onStatusChanged?.(model);
    if (movedPlayers(before, model)) this.options.fanout.reseated(room);
    // A seat taken here or on another process: its player's presence (merged from every process) goes out.
    if (before.slots !== model.slots) room.crowd.changed();
    this.lobby.publish(room, before);
  }

  leaseChanged(room: Room): void {
    this.news.leaseChanged(room);
  }

  presenceChanged(room: Room): void {
    this.options.fanout.presence(room.crowd.update());
    this.lobby.publish(room, room.model);
  }

  presenceReported(room: Room, report: PresenceReport): void {
    this.options.fanout.presenceReports([[room.matchId, report]]);
  }

  /** A rematch with AI seats takes a place among its host's AI games, like a new room: refused when full. */
  async rematch(model: MatchModel): Promise<MatchId | Failure> {
    const matchId = newMatchId();
    if (model.slots.some((slot) => slot.kind === "ai")) {
      const refused = await this.quotas.admitAi(model.host.id, matchId);
      if (refused !== null) return refused;
    }
    return createRematch(this.creationDeps(), model, matchId);
  }
}

/** Whether a player who held a seat before holds another now (`seats-drawn`): their sockets' seats are stale. */
function movedPlayers(before: MatchModel, after: MatchModel): boolean {
  return before.slots.some((slot, seat) => {
    const now = after.slots[seat];
    return slot.kind === "human" && now?.kind === "human" && now.user.id !== slot.user.id;
  });
}
