import { type AiRequest } from "@arena/engine/ai/choose-move";
import {
  type Ack,
  asVersion,
  type Failure,
  failure,
  type MatchId,
  type MatchEvent,
  type VersionedEvent,
  asMillis,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type AiPool } from "../ai/pool.js";
import { firstMoveDeadline, flagDeadline, remainingAt } from "../clocks/clock.js";
import { Alarm, type Clock } from "../clocks/scheduler.js";
import { type MatchStore } from "../store/ports.js";
import { type Actor, type Command, decide, isRefusal } from "./decide.js";
import { History } from "./history.js";
import { Mailbox } from "./mailbox.js";
import { evolve, fold, type MatchModel, seatToMove } from "./model.js";
import { Presence } from "./presence.js";

/** What a room needs from the process around it. */
export interface RoomHost {
  readonly store: MatchStore;
  readonly clock: Clock;
  readonly ai: AiPool;
  readonly logger: Logger;
  /** Scales the §6 disconnect timeouts (1 in production). */
  readonly goneScale: number;
  maxAiLevel(gameId: string): number;
  /** Fans an event out to everyone watching the match (all processes). */
  publish(matchId: MatchId, entry: VersionedEvent): void;
  /** Presence or viewers changed: tell players and spectators. */
  presenceChanged(room: Room): void;
  /** The room's model changed (lobby, live index, leases). */
  changed(room: Room, before: MatchModel): void;
  /** Creates the rematch of a finished match and returns its id. */
  createRematch(model: MatchModel): Promise<MatchId>;
}

export type CommandAck = Ack<{ version: number } & Record<string, unknown>>;

const MAX_CAS_RETRIES = 3;
/** No seat is gone (the usual case: no set to build per command). */
const NOBODY: ReadonlySet<number> = new Set();
const SYSTEM: Actor = { kind: "system" };
const TICK: Command = { type: "tick" };

/**
 * One match's actor. Every command goes through the serial mailbox, names
 * the version it was based on, and is decided against the current model;
 * the events are written to the store (compare-and-set on the version)
 * before anyone hears of them.
 */
export class Room {
  private readonly mailbox = new Mailbox();
  readonly history = new History();
  readonly presence: Presence;
  /** Local spectators (sockets watching without a seat). */
  viewers = 0;
  /** The lobby summary last published, without its version: a live game's moves don't reach the lobby. */
  lobbyKey: string | null = null;
  /** Whether this process holds the match's lease: only the owner runs its timer and AI seats. */
  owned = false;
  /** The one timer of the match's clock: the flag, or the end of a first-move window. */
  private readonly clockAlarm: Alarm;
  private cancelPresenceTimer: (() => void) | null = null;
  private ai: { version: number; controller: AbortController; cancelDeadline: () => void } | null = null;
  private aiFailures = 0;
  private closed = false;
  /** The version this room's own append in flight will reach (0 when none). */
  private appendingTo = 0;

  private constructor(
    private readonly host: RoomHost,
    private current: MatchModel,
  ) {
    this.presence = new Presence(current.timeControl, host.goneScale);
    this.clockAlarm = new Alarm(host.clock, () => void this.submit(SYSTEM, TICK, null));
  }

  static async load(host: RoomHost, matchId: MatchId): Promise<Room | null> {
    const log = await host.store.read(matchId, 0);
    if (log === null || log.length === 0) return null;
    const room = new Room(host, fold(matchId, log));
    for (const entry of log) room.history.push(entry);
    return room;
  }

  get model(): MatchModel {
    return this.current;
  }

  get matchId(): MatchId {
    return this.current.matchId;
  }

  get queueDepth(): number {
    return this.mailbox.pending;
  }

  /** Runs a command through the mailbox. `basedOn` null means "whatever is current" (timers, AI retries). */
  submit(actor: Actor, command: Command, basedOn: number | null): Promise<CommandAck> {
    // Never rejects: timers and AI answers submit without anyone to catch, and a bug in one
    // command must not take the process down. It is logged with its stack, never sent.
    return this.mailbox.post(async () => {
      try {
        return await this.handle(actor, command, basedOn);
      } catch (error) {
        this.host.logger.error(
          { err: error, matchId: this.matchId, command: command.type },
          "command failed",
        );
        return failure("internal", "internal error");
      }
    });
  }

  /** Another process appended: catch up through the mailbox so ordering holds. */
  notify(version: number): void {
    // The store tells every room of every append, this one's own included, and the news of our own can
    // arrive before the append returns: catching up on it would be a store read and a mailbox task per
    // move for nothing. Were it another process's append instead, ours fails its compare-and-set and the
    // room catches up then.
    if (version <= this.current.version || version <= this.appendingTo) return;
    void this.mailbox
      .post(() => this.catchUp())
      .catch((error: unknown) => {
        this.host.logger.error({ err: error, matchId: this.matchId }, "catch-up failed");
      });
  }

  /**
   * Reads the model inside the mailbox after catching up with the store, so a
   * snapshot served by one process includes what another process appended.
   */
  read<T>(task: () => T): Promise<T> {
    return this.mailbox.post(async () => {
      try {
        await this.catchUp();
      } catch (error) {
        this.host.logger.warn(
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

  private async catchUp(): Promise<void> {
    const entries = await this.host.store.read(this.matchId, this.current.version);
    if (entries === null || entries.length === 0) return;
    this.applyEntries(entries, false);
  }

  /** `next`: the model after these entries, when the decision already folded them. */
  private applyEntries(entries: readonly VersionedEvent[], publish: boolean, next?: MatchModel): void {
    const before = this.current;
    for (const entry of entries) {
      if (next === undefined) this.current = evolve(this.current, entry);
      this.history.push(entry);
      if (publish) this.host.publish(this.matchId, entry);
    }
    if (next !== undefined) this.current = next;
    this.afterChange(before);
  }

  private async handle(actor: Actor, command: Command, basedOn: number | null): Promise<CommandAck> {
    // A command based on the version this room holds skips the read: if another process appended in the
    // meantime, the compare-and-set append below fails and the loop catches up then. That saves a store
    // round trip on nearly every move.
    if (basedOn !== this.current.version) {
      try {
        await this.catchUp();
      } catch (error) {
        this.host.logger.warn({ err: error, matchId: this.matchId }, "store read failed");
        return failure("store-unavailable", "the match store is unavailable");
      }
    }
    for (let attempt = 0; attempt < MAX_CAS_RETRIES; attempt++) {
      if (basedOn !== null && basedOn !== this.current.version) {
        return failure("stale-version", `the match is at version ${this.current.version}`);
      }
      const now = this.host.clock.now();
      let gone: Set<number> | null = null;
      const slots = this.current.slots;
      for (let seat = 0; seat < slots.length; seat++) {
        if (slots[seat]?.kind === "human" && this.presence.isGone(seat, now)) (gone ??= new Set()).add(seat);
      }
      const decision = decide(this.current, command, {
        now,
        actor,
        gone: gone ?? NOBODY,
        maxAiLevel: this.host.maxAiLevel(this.current.gameId),
      });
      if (isRefusal(decision)) return decision;
      if (decision.events.length === 0) {
        return { ok: true, version: this.current.version, ...decision.reply };
      }
      const appended = await this.append(decision.events, now, decision.next);
      if (appended === "conflict") {
        // Another process got there first: catch up, then decide again (a user's command is now stale).
        try {
          await this.catchUp();
        } catch (error) {
          this.host.logger.warn({ err: error, matchId: this.matchId }, "store read failed");
          return failure("store-unavailable", "the match store is unavailable");
        }
        continue;
      }
      if (appended !== "ok") return appended;
      if (decision.rematch === true) return this.finishRematch(now);
      if (decision.refusal !== undefined) return decision.refusal;
      return { ok: true, version: this.current.version, ...decision.reply };
    }
    return failure("stale-version", "the match kept changing; try again");
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
      const result = await this.host.store.append(this.matchId, this.current.version, entries);
      if (!result.ok) return "conflict";
    } catch (error) {
      this.host.logger.warn({ err: error, matchId: this.matchId }, "store append failed");
      return failure("store-unavailable", "the match store is unavailable");
    } finally {
      this.appendingTo = 0;
    }
    this.applyEntries(entries, true, next);
    return "ok";
  }

  private async finishRematch(now: number): Promise<CommandAck> {
    const nextMatchId = await this.host.createRematch(this.current);
    const appended = await this.append([{ type: "rematch", nextMatchId }], now);
    if (appended !== "ok" && appended !== "conflict") return appended;
    return { ok: true, version: this.current.version, nextMatchId };
  }

  /** Re-arms the one timer (flag or first-move abort), the presence timer and the AI after any change. */
  private afterChange(before: MatchModel): void {
    this.host.changed(this, before);
    this.rearm();
  }

  rearm(): void {
    const model = this.current;
    if (this.closed || !this.owned || model.status !== "live" || model.clock === null) {
      this.clockAlarm.clear();
      this.cancelAi();
      return;
    }
    const flagAt = flagDeadline(model.clock);
    const windowEnd = firstMoveDeadline(model.clock);
    const at = flagAt === null ? windowEnd : windowEnd === null ? flagAt : Math.min(flagAt, windowEnd);
    if (at === null) this.clockAlarm.clear();
    else this.clockAlarm.set(at);
    this.startAi();
  }

  private startAi(): void {
    if (this.closed || !this.owned) return;
    const model = this.current;
    const seat = seatToMove(model);
    const slot = seat === null ? undefined : model.slots[seat];
    if (this.ai !== null && this.ai.version === model.version) return;
    this.cancelAi();
    if (seat === null || slot?.kind !== "ai" || model.clock === null) return;
    const now = this.host.clock.now();
    // Before its first move a seat's clock does not run, but the game is aborted if that move does not
    // come within the first-move window (clocks.md §4): then the window is the time the AI has, both for
    // its budget and for its place in the pool's queue (earliest deadline first).
    const firstMoveBy = firstMoveDeadline(model.clock);
    const clockMs = remainingAt(model.clock, now)[seat] ?? 0;
    const remainingMs = firstMoveBy === null ? clockMs : Math.max(0, Math.min(clockMs, firstMoveBy - now));
    const controller = new AbortController();
    const version = model.version;
    // A search may not outlive the seat's time (plus the flag grace): cancel it, the flag decides.
    const deadline = flagDeadline(model.clock) ?? firstMoveBy ?? now + remainingMs;
    const cancelDeadline = this.host.clock.schedule(deadline, () => controller.abort());
    this.ai = { version, controller, cancelDeadline };
    const request: AiRequest = {
      gameId: model.gameId,
      state: model.game.serialize(model.state),
      level: slot.level,
      remainingMs,
      incrementMs: model.timeControl.incrementMs,
      seed: (model.seed + version) >>> 0,
    };
    void this.host.ai
      .choose(request, controller.signal)
      .then(async (answer) => {
        if (this.ai?.version === version) {
          this.ai.cancelDeadline();
          this.ai = null;
        }
        if (!answer.ok) {
          this.host.logger.warn({ matchId: this.matchId, seat, error: answer.error }, "AI failed");
          if (answer.error.code === "busy") {
            // The shared queue is full: try again shortly; the seat's clock keeps running meanwhile.
            this.host.clock.schedule(this.host.clock.now() + 500, () => void this.run(() => this.startAi()));
          } else if (answer.error.code === "failed" && this.aiFailures++ < 3) {
            await this.run(() => this.startAi());
          }
          return;
        }
        this.aiFailures = 0;
        const ack = await this.submit(
          { kind: "ai", seat },
          { type: "move", seat, move: answer.value.move },
          version,
        );
        if (!ack.ok && ack.code !== "stale-version" && ack.code !== "game-over") {
          this.host.logger.error({ matchId: this.matchId, seat, ack }, "AI move refused");
        }
      })
      .catch((error: unknown) =>
        this.host.logger.error({ err: error, matchId: this.matchId }, "AI request failed"),
      );
  }

  private cancelAi(): void {
    if (this.ai === null) return;
    this.ai.cancelDeadline();
    this.ai.controller.abort();
    this.ai = null;
  }

  /** Presence changed: tell everyone, and wake up again when a seat turns gone. */
  presenceUpdated(): void {
    this.cancelPresenceTimer?.();
    this.cancelPresenceTimer = null;
    // Read the time once, before the broadcast (which reads it again, later or equal): a seat not re-armed
    // for below is then one the broadcast already called gone. Reading it after would lose the seat when a
    // timer fires a millisecond early (Node's timers may, against Date.now) and the clock ticks during the
    // broadcast: the update says "not gone yet" and no timer is left to say "gone" (flaky claim e2e).
    const now = this.host.clock.now();
    this.host.presenceChanged(this);
    if (this.closed || this.current.status !== "live") return;
    const pending = this.current.slots
      .map((slot, seat) => (slot.kind === "human" ? this.presence.goneAt(seat, now) : null))
      .filter((at): at is number => at !== null && at > now);
    if (pending.length > 0) {
      this.cancelPresenceTimer = this.host.clock.schedule(Math.min(...pending), () => {
        this.cancelPresenceTimer = null;
        this.presenceUpdated();
      });
    }
  }

  /** Stops timers and AI (shutdown, or losing the lease). */
  close(): void {
    this.closed = true;
    this.clockAlarm.clear();
    this.cancelPresenceTimer?.();
    this.cancelAi();
  }
}
