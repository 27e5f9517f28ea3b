import { isOver, type MatchModel, onVacation, seatsOf } from "@arena/match";
import {
  failure,
  type Failure,
  isCorrespondence,
  type MatchId,
  type UserId,
  type UserRef,
  type VacationStatus,
} from "@arena/protocol";
import { type Logger } from "pino";
import { Alarm, type Clock } from "../clocks/scheduler.js";
import { type Actor } from "../rooms/decide.js";
import { type Room } from "../rooms/room.js";
import { type VacationStore } from "../store/ports/vacations.js";
import {
  current,
  daysLeft,
  end,
  exhaustsAt,
  NO_VACATION,
  overUsed,
  start,
  type VacationChange,
  type VacationRecord,
} from "./allowance.js";

/** A compare-and-set that keeps losing (a storm of requests): give up after this many tries. */
const MAX_SWAPS = 5;

export interface VacationsOptions {
  readonly store: VacationStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The user's live games (rooms/my-games.ts), by id. */
  readonly liveGames: (userId: UserId) => Promise<readonly MatchId[]>;
  readonly room: (matchId: MatchId) => Promise<Room | null>;
}

export type VacationAnswer = VacationStatus | (Failure & { readonly retryAfterMs?: number });

/**
 * Accounts' vacations (docs/clocks.md, "Vacation"): the allowance in the store, and the clocks of the
 * account's live correspondence games stopped or restarted through each room's mailbox, as the user (or as
 * the room itself when the allowance ran out). Whichever process holds an away account's timer ends it when
 * the allowance is used; after a restart, `start` sets the timers again, and any read ends an over-used one.
 */
export class Vacations {
  private readonly alarms = new Map<UserId, Alarm>();

  constructor(private readonly options: VacationsOptions) {}

  /** Sets the timers of every account away now (ending at once those whose allowance ran out meanwhile). */
  async start(): Promise<void> {
    for (const { userId, record } of await this.options.store.away()) this.watch(userId, record);
  }

  stop(): void {
    for (const alarm of this.alarms.values()) alarm.clear();
    this.alarms.clear();
  }

  async status(userId: UserId): Promise<VacationStatus> {
    const { record } = await this.settled(userId);
    return this.statusOf(record);
  }

  /** Goes on vacation or comes back; `quota` (with when it refills) when starting with nothing left. */
  async set(user: UserRef, on: boolean): Promise<VacationAnswer> {
    const { store, clock } = this.options;
    for (let attempt = 0; attempt < MAX_SWAPS; attempt++) {
      const { stored, record } = await this.settled(user.id);
      const now = clock.now();
      const change: VacationChange = on ? start(record, now) : end(record, now);
      if (!change.ok) {
        const retryAfterMs = change.retryAt - now;
        return { ...failure("quota", "no vacation days are left this year"), retryAfterMs };
      }
      if (!change.changed) return this.statusOf(change.record);
      if (!(await store.swap(user.id, stored, change.record))) continue;
      this.watch(user.id, change.record);
      await this.toGames(user.id, on, { kind: "user", user, inviteOk: false });
      return this.statusOf(change.record);
    }
    return failure("busy", "your vacation changed meanwhile; try again");
  }

  /**
   * A correspondence game started, or this process took it over: each player's clock stands still exactly
   * while they are away. The room itself asks, as the player is not there to: a game that starts while
   * they are away stops from its first moment, and one whose vacation ended while no process ran (its
   * timer died with its process) runs again.
   */
  async align(model: MatchModel): Promise<void> {
    if (model.status !== "live" || !isCorrespondence(model.timeControl)) return;
    const room = await this.options.room(model.matchId);
    if (room === null) return;
    for (const slot of model.slots) {
      if (slot.kind !== "human") continue;
      // Read first: ending an over-used vacation may itself set this game's clock going.
      const { record } = await this.settled(slot.user.id);
      const now = room.model;
      const seat = seatsOf(now, slot.user.id)[0];
      if (seat === undefined || isOver(now) || now.clock === null) continue;
      const away = record.since !== null;
      if (away === onVacation(now.clock, seat)) continue;
      const ack = await room.submit(
        { kind: "system" },
        { type: "vacation", userId: slot.user.id, on: away },
        null,
      );
      if (!ack.ok)
        this.options.logger.warn(
          { matchId: model.matchId, code: ack.code },
          "a vacation did not reach a game",
        );
    }
  }

  /**
   * The record as of now (`record`) and as the store holds it (`stored`, what a compare-and-set expects),
   * an over-used vacation ended first (its timer may have died with its process).
   */
  private async settled(userId: UserId): Promise<{ stored: VacationRecord | null; record: VacationRecord }> {
    const { store, clock } = this.options;
    const stored = await store.get(userId);
    const now = clock.now();
    if (stored === null) return { stored, record: NO_VACATION(now) };
    if (!overUsed(stored, now)) return { stored, record: current(stored, now) };
    const ended = await this.endOverUsed(userId, stored);
    return ended === null ? this.settled(userId) : { stored: ended, record: ended };
  }

  /** Ends a vacation whose allowance ran out: the record written, or null when another write came first. */
  private async endOverUsed(userId: UserId, held: VacationRecord): Promise<VacationRecord | null> {
    const change = end(held, this.options.clock.now());
    if (!change.ok || !(await this.options.store.swap(userId, held, change.record))) return null;
    this.alarms.get(userId)?.clear();
    this.alarms.delete(userId);
    await this.toGames(userId, false, { kind: "system" });
    return change.record;
  }

  private statusOf(record: VacationRecord): VacationStatus {
    const now = this.options.clock.now();
    return {
      ok: true,
      onVacation: record.since !== null,
      since: record.since,
      daysLeft: daysLeft(record, now),
    };
  }

  /** A timer at the moment the allowance runs out, while the account is away; none once it is back. */
  private watch(userId: UserId, record: VacationRecord): void {
    const until = exhaustsAt(record, this.options.clock.now());
    let alarm = this.alarms.get(userId);
    if (until === null) {
      alarm?.clear();
      this.alarms.delete(userId);
      return;
    }
    if (alarm === undefined) {
      alarm = new Alarm(this.options.clock, () => void this.expire(userId));
      this.alarms.set(userId, alarm);
    }
    alarm.set(until);
  }

  private async expire(userId: UserId): Promise<void> {
    try {
      const held = await this.options.store.get(userId);
      if (held !== null && overUsed(held, this.options.clock.now())) await this.endOverUsed(userId, held);
    } catch (error) {
      this.options.logger.warn({ err: error, userId }, "an over-used vacation could not be ended");
    }
  }

  /** Every live correspondence game of the user stands still or runs again, through its room. */
  private async toGames(userId: UserId, on: boolean, actor: Actor): Promise<void> {
    for (const matchId of await this.options.liveGames(userId)) {
      const room = await this.options.room(matchId);
      if (room === null || isOver(room.model) || !isCorrespondence(room.model.timeControl)) continue;
      const ack = await room.submit(actor, { type: "vacation", userId, on }, null);
      if (!ack.ok) this.options.logger.warn({ matchId, code: ack.code }, "a vacation did not reach a game");
    }
  }
}
