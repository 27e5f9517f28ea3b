import {
  aiSeedOf,
  evolve,
  firstMoveDeadline,
  alarmAt,
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
  type RoomSummary,
  type Snapshot,
  type VersionedEvent,
} from "@arena/protocol";
import { newMatchSecret } from "../identity/tokens.js";
import { Alarm } from "../clocks/scheduler.js";
import { type MatchStore } from "../store/ports/matches.js";
import { AiSeats } from "./ai-seat.js";
import { type Actor, type Command, type CommandAck, decide, isRefusal } from "./decide.js";
import { History } from "./history.js";
import { Mailbox } from "./mailbox.js";
import { RoomCrowd } from "./crowd.js";
import { LeaseState } from "./lease-state.js";
import { type Presence } from "./presence.js";
import { type RoomDeps } from "./room-ports.js";
import { WaitingExpiry } from "./waiting-expiry.js";

const MAX_CAS_RETRIES = 3;
/** No seat is gone (the usual case: no set to build per command). */
const NOBODY: ReadonlySet<number> = new Set();
const SYSTEM: Actor = { kind: "system" };
const TICK: Command = { type: "tick" };
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
  /** Who follows the match and the news of it (rooms/crowd.ts). */
  readonly crowd: RoomCrowd;
  private readonly lease: LeaseState;
  /** The one timer of the match's clock: the flag, or the end of a first-move window. */
  private readonly clockAlarm: Alarm;
  /** A correspondence game's "your time runs out" alarm (docs/protocol.md, "Notifications"). */
  private readonly warnAlarm: Alarm;
  private readonly aiSeats: AiSeats;
  private readonly expiry: WaitingExpiry;
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
    this.crowd = new RoomCrowd(this, deps.clock, deps.goneScale, {
      presenceChanged: () => deps.events.presenceChanged(this),
      presenceReported: (report) => deps.events.presenceReported(this, report),
      hostMoved: () => this.expiry.arm(),
    });
    this.lease = new LeaseState((held) => {
      if (!held) this.rearm();
      deps.events.leaseChanged(this);
    });
    this.clockAlarm = new Alarm(deps.clock, () => void this.submit(SYSTEM, TICK, null));
    this.warnAlarm = new Alarm(deps.clock, () => deps.events.timeRunningOut?.(this));
    this.aiSeats = new AiSeats(this, deps, aiSeedOf(secret));
    this.expiry = new WaitingExpiry(this, this.crowd.presence, deps);
  }

  static async load(deps: RoomDeps, matchId: MatchId): Promise<Room | null> {
    const [log, kept] = await Promise.all([deps.store.read(matchId, 0), deps.store.readSecret(matchId)]);
    const first = log?.[0];
    if (log === null || first === undefined) return null;
    const secret = kept ?? (await adoptSecret(deps.store, matchId));
    const room = new Room(deps, fold(matchId, log), secret);
    for (const entry of log) room.history.push(entry);
    room.expiry.arm();
    return room;
  }

  get model(): MatchModel {
    return this.current;
  }

  get matchId(): MatchId {
    return this.current.matchId;
  }

  get owned(): boolean {
    return this.lease.owned;
  }

  get presence(): Presence {
    return this.crowd.presence;
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
    this.lease.take();
  }

  /** Arms the timer and the AI on the settled model (inside the mailbox). */
  resume(): Promise<void> {
    return this.run(() => this.rearm());
  }

  /** Another process runs the match now (or nobody: it ended): stop its timer and AI here. */
  releaseLease(): void {
    this.lease.release();
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
      this.deps.sink.appended(this.matchId, entry, here);
    }
    if (next !== undefined) this.current = next;
    this.deps.events.changed(this, before, here);
    this.rearm();
    this.expiry.changed(before);
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
      const decision = decide(this.current, this.expiry.withLocalHost(command), {
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
    if (this.closed || !this.lease.owned || model.status !== "live" || model.clock === null) {
      this.clockAlarm.clear();
      this.warnAlarm.clear();
      this.aiSeats.cancel();
      return;
    }
    const flagAt = flagDeadline(model.clock);
    const windowEnd = firstMoveDeadline(model.clock);
    const at = flagAt === null ? windowEnd : windowEnd === null ? flagAt : Math.min(flagAt, windowEnd);
    if (at === null) this.clockAlarm.clear();
    else this.clockAlarm.set(at);
    const warnAt = alarmAt(model.clock);
    if (warnAt === null) this.warnAlarm.clear();
    else this.warnAlarm.set(warnAt);
    this.aiSeats.update();
  }

  /** Stops timers and AI (shutdown, eviction). */
  close(): void {
    this.closed = true;
    this.clockAlarm.clear();
    this.warnAlarm.clear();
    this.crowd.close();
    this.expiry.close();
    this.aiSeats.cancel();
  }
}
