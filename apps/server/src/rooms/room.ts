import { type GameId } from "@arena/engine/registry";
import {
  aiSeedOf,
  evolve,
  firstMoveDeadline,
  flagDeadline,
  fold,
  isCurrent,
  type MatchModel,
  snapshotOf,
  summaryOf,
  type ViewContext,
} from "@arena/match";
import {
  asMillis,
  asVersion,
  failure,
  type Failure,
  type InviteToken,
  type MatchEvent,
  type MatchId,
  type PresenceUpdate,
  type RoomSummary,
  type Snapshot,
  type VersionedEvent,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type AiPool } from "../ai/pool.js";
import { newMatchSecret } from "../identity/tokens.js";
import { Alarm, type Clock } from "../clocks/scheduler.js";
import { type MatchStore } from "../store/ports/matches.js";
import { AiSeats } from "./ai-seat.js";
import { type Actor, type Command, type CommandAck, decide, isRefusal } from "./decide.js";
import { History } from "./history.js";
import { Mailbox } from "./mailbox.js";
import { Presence, type PresenceReport } from "./presence.js";

/** What happens to a room that the process around it must hear of. */
export interface RoomEvents {
  /**
   * An event entered this room's log, appended here (`here`) or by another process: tell this process's
   * followers of the match. Every process that holds the room tells its own, so nothing crosses the
   * adapter per move (docs/architecture.md, "Several processes").
   */
  appended(matchId: MatchId, entry: VersionedEvent, here: boolean): void;
  /**
   * The model changed (the lobby, the live index and leases, the cache of finished rooms, the players' own
   * lists); `here`: this process appended the change.
   */
  changed(room: Room, before: MatchModel, here: boolean): void;
  /** Who is connected changed: tell players and spectators. */
  presenceChanged(room: Room): void;
  /** This process's followers of the match changed: tell the other processes. */
  presenceReported(room: Room, report: PresenceReport): void;
  /**
   * The users following the match on any process, or null when that could not be learnt (a waiting room
   * expires only if its host follows it nowhere).
   */
  online(matchId: MatchId): Promise<readonly string[] | null>;
  /** Every player asked for a rematch: create it and return its id, or why not (`quota`: AI games). */
  rematch(model: MatchModel): Promise<MatchId | Failure>;
  /** This process took or gave up the match's lease (the news it needs of the match changed). */
  leaseChanged(room: Room): void;
}

export interface RoomDeps {
  readonly store: MatchStore;
  readonly clock: Clock;
  readonly ai: AiPool;
  readonly logger: Logger;
  /** This process's name in leases, given with each append (the holder hears no news of its own). */
  readonly owner?: string;
  /** Scales the docs/clocks.md §6 disconnect timeouts (1 in production; tests shrink them). */
  readonly goneScale: number;
  /** How long a waiting room's host may be away before the room expires (docs/protocol.md, "Quotas"). */
  readonly waitingRoomExpiryMs: number;
  readonly maxAiLevel: (gameId: GameId) => number;
  readonly events: RoomEvents;
}

const MAX_CAS_RETRIES = 3;
/** No seat is gone (the usual case: no set to build per command). */
const NOBODY: ReadonlySet<number> = new Set();
const SYSTEM: Actor = { kind: "system" };
const TICK: Command = { type: "tick" };
/**
 * A match's crowd (its viewer count) goes out at most this often: watchers joining and leaving cost one
 * broadcast per interval, not one per watcher to every other watcher (lila-ws batches crowds every 700 ms).
 */
export const CROWD_BATCH_MS = 700;

/**
 * A match stored before matches had secrets has none: it gets one now, for its rolls from here on (it
 * published no commitment, so it cannot be verified). Whichever process keeps one first, all use it.
 */
async function adoptSecret(store: MatchStore, matchId: MatchId): Promise<string> {
  const secret = newMatchSecret();
  if (await store.keepSecret(matchId, secret)) return secret;
  const kept = await store.readSecret(matchId);
  if (kept === null) throw new Error(`match ${matchId}: no secret could be kept`);
  return kept;
}

/**
 * One match's actor. Every command goes through the serial mailbox, names the version it was based on,
 * and is decided against the current model; the events are written to the store (compare-and-set on the
 * version) before anyone hears of them.
 */
export class Room {
  private readonly mailbox = new Mailbox();
  readonly history = new History();
  readonly presence: Presence;
  /** Whether this process holds the match's lease: only the owner runs its timer and AI seats. */
  private isOwned = false;
  /** The one timer of the match's clock: the flag, or the end of a first-move window. */
  private readonly clockAlarm: Alarm;
  private readonly aiSeats: AiSeats;
  private cancelPresenceTimer: (() => void) | null = null;
  /** The pending broadcast of a changed viewer count, if any. */
  private cancelCrowdFlush: (() => void) | null = null;
  /** The viewer count last broadcast. */
  private viewersSent = 0;
  /** This process's part of the presence as last reported to the other processes (JSON). */
  private reportSent = "";
  /** When this waiting room expires unless its host comes back, and the cancel of that timer. */
  private expiry: { readonly at: number; readonly cancel: () => void } | null = null;
  /**
   * Each seat's round trip as last measured on one of its player's sockets (docs/clocks.md §2): a move
   * from a socket that has measured none yet (a reconnect) is compensated with it. Per process: a seat
   * whose player reconnects to another process gains nothing there until a round trip is measured.
   */
  private closed = false;
  /** The version this room's own append in flight will reach (0 when none). */
  private appendingTo = 0;

  private constructor(
    private readonly deps: RoomDeps,
    private current: MatchModel,
    /**
     * The match's secret, from the store (never from the log): it draws the start position, the dice of
     * moves with chance and the AI seats' tie-breaks (docs/protocol.md, "Hidden randomness").
     */
    private readonly secret: string,
  ) {
    this.presence = new Presence(current.timeControl, deps.goneScale, deps.clock.now());
    this.clockAlarm = new Alarm(deps.clock, () => void this.submit(SYSTEM, TICK, null));
    this.aiSeats = new AiSeats(this, deps, aiSeedOf(secret));
  }

  static async load(deps: RoomDeps, matchId: MatchId): Promise<Room | null> {
    const [log, kept] = await Promise.all([deps.store.read(matchId, 0), deps.store.readSecret(matchId)]);
    const first = log?.[0];
    if (log === null || first === undefined) return null;
    const secret = kept ?? (await adoptSecret(deps.store, matchId));
    const room = new Room(deps, fold(matchId, log), secret);
    for (const entry of log) room.history.push(entry);
    room.armExpiry();
    return room;
  }

  get model(): MatchModel {
    return this.current;
  }

  get matchId(): MatchId {
    return this.current.matchId;
  }

  get owned(): boolean {
    return this.isOwned;
  }

  get queueDepth(): number {
    return this.mailbox.pending;
  }

  /** Views of the match as it is now, with this process's presence. */
  private view(now: number): ViewContext {
    return { presence: (seat) => this.presence.of(seat, now), viewers: this.presence.viewers, now };
  }

  snapshot(invite?: InviteToken): Snapshot {
    return snapshotOf(this.current, this.view(this.deps.clock.now()), invite);
  }

  summary(): RoomSummary {
    return summaryOf(this.current, this.view(this.deps.clock.now()));
  }

  /** Who is connected to each seated player's seat, and how many watch, on this process. */
  presenceUpdate(): PresenceUpdate {
    const now = this.deps.clock.now();
    return {
      matchId: this.matchId,
      seats: this.current.slots.flatMap((slot, seat) => {
        if (slot.kind !== "human") return [];
        const presence = this.presence.of(seat, now);
        const offlineSince = presence.offlineSince === null ? null : asMillis(presence.offlineSince);
        const goneAt = presence.goneAt === null ? null : asMillis(presence.goneAt);
        return [{ seat, connected: presence.connected, offlineSince, goneAt, gone: presence.gone }];
      }),
      viewers: this.presence.viewers,
    };
  }

  /** Runs a command through the mailbox. `basedOn` null means "whatever is current" (timers, AI retries). */
  submit(actor: Actor, command: Command, basedOn: number | null): Promise<CommandAck> {
    // Never rejects: timers and AI answers submit without anyone to catch, and a bug in one
    // command must not take the process down. It is logged with its stack, never sent.
    return this.mailbox.post(async () => {
      try {
        return await this.handle(actor, command, basedOn);
      } catch (error) {
        this.deps.logger.error(
          { err: error, matchId: this.matchId, command: command.type },
          "command failed",
        );
        return failure("internal", "internal error");
      }
    });
  }

  submitAiMove(seat: number, move: string, basedOn: number): Promise<CommandAck> {
    return this.submit({ kind: "ai", seat }, { type: "move", seat, move }, basedOn);
  }

  /**
   * Whether news of the log reaching `version` is news here. The store tells every room of every append,
   * this one's own included, and the news of our own can arrive before the append returns: catching up on
   * it would be a store read and a mailbox task per move for nothing. Were it another process's append
   * instead, ours fails its compare-and-set and the room catches up then.
   */
  wantsNews(version: number): boolean {
    return version > this.current.version && version > this.appendingTo;
  }

  /**
   * Another process appended: apply what it appended, through the mailbox so ordering holds, or read the
   * log when the news did not carry the entries or does not follow on from this room's version.
   */
  notify(version: number, entries: readonly VersionedEvent[] | null = null): void {
    if (!this.wantsNews(version)) return;
    void this.mailbox
      .post(() => {
        const fresh = entries?.filter((entry) => entry.version > this.current.version);
        if (fresh !== undefined && fresh[0]?.version === this.current.version + 1) {
          this.applyEntries(fresh, false);
          return Promise.resolve();
        }
        return this.catchUp();
      })
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error, matchId: this.matchId }, "catch-up failed");
      });
  }

  /** News of appends may have been missed: read the log again. */
  resync(): void {
    void this.mailbox
      .post(() => this.catchUp())
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error, matchId: this.matchId }, "catch-up failed");
      });
  }

  /**
   * Reads the model inside the mailbox after catching up with the store, so a snapshot served by one
   * process includes what another process appended.
   */
  read<T>(task: () => T): Promise<T> {
    return this.mailbox.post(async () => {
      try {
        await this.catchUp();
      } catch (error) {
        this.deps.logger.warn(
          { err: error, matchId: this.matchId },
          "store read failed; serving the cached model",
        );
      }
      return task();
    });
  }

  /** Runs a task inside the mailbox (reads that must see a settled model). */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    return this.mailbox.post(task);
  }

  /**
   * This process took the match's lease: it runs the match's timer and AI seats from `resume()` on (the
   * taker may first credit the downtime, so that the timer is armed on the credited clock).
   */
  takeLease(): void {
    if (this.isOwned) return;
    this.isOwned = true;
    this.deps.events.leaseChanged(this);
  }

  /** Arms the timer and the AI on the settled model (inside the mailbox). */
  resume(): Promise<void> {
    return this.run(() => this.rearm());
  }

  /** Another process runs the match now (or nobody: it ended): stop its timer and AI here. */
  releaseLease(): void {
    const was = this.isOwned;
    this.isOwned = false;
    this.rearm();
    if (was) this.deps.events.leaseChanged(this);
  }

  private async catchUp(): Promise<void> {
    const entries = await this.deps.store.read(this.matchId, this.current.version);
    if (entries === null || entries.length === 0) return;
    this.applyEntries(entries, false);
  }

  /**
   * `here`: this room appended them (otherwise another process did). `next`: the model after these
   * entries, when the decision already folded them.
   */
  private applyEntries(entries: readonly VersionedEvent[], here: boolean, next?: MatchModel): void {
    const before = this.current;
    for (const entry of entries) {
      if (next === undefined) this.current = evolve(this.current, entry);
      this.history.push(entry);
      this.deps.events.appended(this.matchId, entry, here);
    }
    if (next !== undefined) this.current = next;
    this.deps.events.changed(this, before, here);
    this.rearm();
    if (before.status === "waiting") this.armExpiry();
  }

  private goneSeats(now: number): ReadonlySet<number> {
    let gone: Set<number> | null = null;
    const slots = this.current.slots;
    for (let seat = 0; seat < slots.length; seat++) {
      if (slots[seat]?.kind === "human" && this.presence.isGone(seat, now)) (gone ??= new Set()).add(seat);
    }
    return gone ?? NOBODY;
  }

  private async handle(actor: Actor, command: Command, basedOn: number | null): Promise<CommandAck> {
    // A command current on the model this room holds skips the read: if another process appended in the
    // meantime, the compare-and-set append below fails and the loop catches up then. That saves a store
    // round trip on nearly every move.
    if (basedOn === null || !isCurrent(this.current, basedOn)) {
      const caughtUp = await this.tryCatchUp();
      if (caughtUp !== null) return caughtUp;
    }
    for (let attempt = 0; attempt < MAX_CAS_RETRIES; attempt++) {
      // Judged against what the command depends on (`isCurrent`), not every append: an offer, an
      // invitation or a chat switch in between never makes a move stale.
      if (basedOn !== null && !isCurrent(this.current, basedOn)) {
        return failure("stale-version", `the position changed at version ${this.current.positionVersion}`);
      }
      const now = this.deps.clock.now();
      const decision = decide(this.current, this.withLocalHost(command), {
        now,
        actor,
        gone: this.goneSeats(now),
        maxAiLevel: this.deps.maxAiLevel(this.current.gameId),
        secret: this.secret,
      });
      if (isRefusal(decision)) return decision;
      if (decision.events.length === 0) {
        // Everyone had asked for a rematch already but it was not made (its creation failed): make it.
        if (decision.rematch === true) return this.finishRematch(now);
        return { ok: true, version: asVersion(this.current.version), ...decision.reply };
      }
      const appended = await this.append(decision.events, now, decision.next);
      if (appended === "conflict") {
        // Another process got there first: catch up, then decide again (a user's command is now stale).
        const caughtUp = await this.tryCatchUp();
        if (caughtUp !== null) return caughtUp;
        continue;
      }
      if (appended !== "ok") return appended;
      if (decision.rematch === true) return this.finishRematch(now);
      if (decision.refusal !== undefined) return decision.refusal;
      return { ok: true, version: asVersion(this.current.version), ...decision.reply };
    }
    return failure("stale-version", "the match kept changing; try again");
  }

  private async tryCatchUp(): Promise<Failure | null> {
    try {
      await this.catchUp();
      return null;
    } catch (error) {
      this.deps.logger.warn({ err: error, matchId: this.matchId }, "store read failed");
      return failure("store-unavailable", "the match store is unavailable");
    }
  }

  private async append(
    events: readonly MatchEvent[],
    now: number,
    next?: MatchModel,
  ): Promise<"ok" | "conflict" | Failure> {
    const entries: VersionedEvent[] = events.map((event, i) => ({
      version: asVersion(this.current.version + i + 1),
      at: asMillis(now),
      event,
    }));
    this.appendingTo = this.current.version + entries.length;
    try {
      const result = await this.deps.store.append(
        this.matchId,
        this.current.version,
        entries,
        this.deps.owner,
      );
      if (!result.ok) return "conflict";
    } catch (error) {
      this.deps.logger.warn({ err: error, matchId: this.matchId }, "store append failed");
      return failure("store-unavailable", "the match store is unavailable");
    } finally {
      this.appendingTo = 0;
    }
    this.applyEntries(entries, true, next);
    return "ok";
  }

  private async finishRematch(now: number): Promise<CommandAck> {
    const nextMatchId = await this.deps.events.rematch(this.current);
    // Refused (the host's AI games are full): the offers stand, and asking again once a place is free works.
    if (typeof nextMatchId !== "string") return nextMatchId;
    const appended = await this.append([{ type: "rematch", nextMatchId }], now);
    if (appended !== "ok" && appended !== "conflict") return appended;
    return { ok: true, version: asVersion(this.current.version), nextMatchId };
  }

  /** Re-arms the one timer (flag or first-move abort) and the AI after any change. */
  private rearm(): void {
    const model = this.current;
    if (this.closed || !this.isOwned || model.status !== "live" || model.clock === null) {
      this.clockAlarm.clear();
      this.aiSeats.cancel();
      return;
    }
    const flagAt = flagDeadline(model.clock);
    const windowEnd = firstMoveDeadline(model.clock);
    const at = flagAt === null ? windowEnd : windowEnd === null ? flagAt : Math.min(flagAt, windowEnd);
    if (at === null) this.clockAlarm.clear();
    else this.clockAlarm.set(at);
    this.aiSeats.update();
  }

  /**
   * A socket of `user` follows the match, for these seats (none: a spectator); `previous`: the seats it
   * followed for until now (null: it did not follow). A seat coming online is told at once (§6: the
   * claim rules hang on it); a change in the number of watchers waits for the next crowd broadcast.
   */
  attach(seats: readonly number[], previous: readonly number[] | null, user: string): void {
    const now = this.deps.clock.now();
    if (previous === null && user === this.current.host.id) {
      this.presence.hostConnected();
      this.armExpiry();
    }
    const wasViewer = previous !== null && previous.length === 0;
    if (seats.length === 0 && !wasViewer) this.presence.addViewer();
    if (seats.length > 0 && wasViewer) this.presence.removeViewer();
    let seatsChanged = false;
    for (const seat of seats) {
      if (!(previous?.includes(seat) ?? false))
        seatsChanged = this.presence.connect(seat, now) || seatsChanged;
    }
    // A seat given up (a player who left a waiting room) is left on purpose.
    for (const seat of previous ?? []) {
      if (!seats.includes(seat)) seatsChanged = this.presence.disconnect(seat, now, true) || seatsChanged;
    }
    if (seatsChanged) this.presenceUpdated();
    else this.crowdChanged();
  }

  /** A socket of `user` stopped following the match; `deliberate` when the player left on purpose (§6). */
  detach(seats: readonly number[], deliberate: boolean, user: string): void {
    const now = this.deps.clock.now();
    if (user === this.current.host.id) {
      this.presence.hostDisconnected(now);
      this.armExpiry();
    }
    if (seats.length === 0) this.presence.removeViewer();
    let seatsChanged = false;
    for (const seat of seats) seatsChanged = this.presence.disconnect(seat, now, deliberate) || seatsChanged;
    if (seatsChanged) this.presenceUpdated();
    else this.crowdChanged();
  }

  /** The viewer count changed: it goes out with the next crowd broadcast, one per `CROWD_BATCH_MS`. */
  private crowdChanged(): void {
    if (this.cancelCrowdFlush !== null || this.closed) return;
    this.cancelCrowdFlush = this.deps.clock.schedule(this.deps.clock.now() + CROWD_BATCH_MS, () => {
      this.cancelCrowdFlush = null;
      if (this.presence.viewers !== this.viewersSent) this.presenceUpdated();
    });
  }

  /** Presence changed: tell everyone (the crowd included), and wake up again when a seat turns gone. */
  presenceUpdated(): void {
    this.cancelPresenceTimer?.();
    this.cancelPresenceTimer = null;
    this.cancelCrowdFlush?.();
    this.cancelCrowdFlush = null;
    this.viewersSent = this.presence.viewers;
    // Read the time once, before the broadcast (which reads it again, later or equal): a seat not re-armed
    // for below is then one the broadcast already called gone. Reading it after would lose the seat when a
    // timer fires a millisecond early (Node's timers may, against Date.now) and the clock ticks during the
    // broadcast: the update says "not gone yet" and no timer is left to say "gone" (flaky claim e2e).
    const now = this.deps.clock.now();
    this.deps.events.presenceChanged(this);
    this.reportPresence(false);
    if (this.closed || this.current.status !== "live") return;
    const pending = this.current.slots
      .map((slot, seat) => (slot.kind === "human" ? this.presence.goneAt(seat, now) : null))
      .filter((at): at is number => at !== null && at > now);
    if (pending.length > 0) {
      this.cancelPresenceTimer = this.deps.clock.schedule(Math.min(...pending), () => {
        this.cancelPresenceTimer = null;
        this.presenceUpdated();
      });
    }
  }

  /**
   * Tells the other processes this process's part of the presence: when it changed, or (`again`) as the
   * periodic sign of life of a process with followers here, or when another process loads the room.
   */
  reportPresence(again: boolean): void {
    if (this.closed) return;
    const report = this.presence.localReport();
    const json = JSON.stringify(report);
    if (!again && json === this.reportSent) return;
    this.reportSent = json;
    this.deps.events.presenceReported(this, report);
  }

  /** Another process reported its part of the presence. */
  heardPresence(instance: string, report: PresenceReport): void {
    this.presence.heard(instance, report, this.deps.clock.now());
    this.presenceUpdated();
  }

  /** Forgets processes not heard of since `before` (docs/architecture.md, "Presence across processes"). */
  expirePresence(before: number): void {
    if (this.presence.expire(before)) this.presenceUpdated();
  }

  /**
   * A waiting room whose host follows it nowhere expires `waitingRoomExpiryMs` after they left (or after
   * this process loaded it without them). Set again whenever the host comes or goes or the room changes.
   */
  private armExpiry(): void {
    const away = this.presence.hostAwaySince;
    const at = away === null ? null : away + this.deps.waitingRoomExpiryMs;
    if (this.closed || this.current.status !== "waiting" || at === null) {
      this.expiry?.cancel();
      this.expiry = null;
      return;
    }
    if (this.expiry?.at === at) return;
    this.expiry?.cancel();
    this.expiry = { at, cancel: this.deps.clock.schedule(at, () => void this.expire()) };
  }

  /** The host has been away from this process long enough: unless they follow the room elsewhere, it expires. */
  private async expire(): Promise<void> {
    this.expiry = null;
    const online = await this.deps.events.online(this.matchId);
    if (online !== null) await this.submit(SYSTEM, { type: "expire", online }, null);
    // Still waiting: the host follows the room on another process (or nobody could tell): look again later.
    if (this.current.status === "waiting") {
      this.presence.hostSeenElsewhere(this.deps.clock.now());
      this.armExpiry();
    }
  }

  /** An expiry decided in the mailbox counts the host's sockets here as they are then, not as they were asked. */
  private withLocalHost(command: Command): Command {
    if (command.type !== "expire" || this.presence.hostAwaySince !== null) return command;
    return { ...command, online: [...command.online, this.current.host.id] };
  }

  /** Stops timers and AI (shutdown, eviction). */
  close(): void {
    this.closed = true;
    this.clockAlarm.clear();
    this.cancelPresenceTimer?.();
    this.cancelCrowdFlush?.();
    this.expiry?.cancel();
    this.expiry = null;
    this.aiSeats.cancel();
  }
}
