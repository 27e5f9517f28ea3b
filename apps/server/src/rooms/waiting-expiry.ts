import { type MatchModel } from "@arena/match";
import { DAY_MS, isCorrespondence, type MatchId } from "@arena/protocol";
import { type Clock } from "../clocks/scheduler.js";
import { type Actor, type Command, type CommandAck } from "./decide.js";
import { type Presence } from "./presence.js";

/** What the expiry reads of its room, and the mailbox it submits the expiry to. */
export interface ExpiringRoom {
  readonly matchId: MatchId;
  readonly model: MatchModel;
  submit(actor: Actor, command: Command, basedOn: number | null): Promise<CommandAck>;
}

export interface WaitingExpiryDeps {
  readonly clock: Clock;
  /** How long a waiting room's host may be away before the room expires (docs/protocol.md, "Quotas"). */
  readonly waitingRoomExpiryMs: number;
  /**
   * The users following the match on any process, or null when that could not be learnt (a waiting room
   * expires only if its host follows it nowhere).
   */
  online(matchId: MatchId): Promise<readonly string[] | null>;
}

/**
 * How long a correspondence room waits for its players with its host away: an invitation to a friend in
 * another time zone is answered hours later, not while the host watches (docs/protocol.md, "Quotas").
 */
export const CORRESPONDENCE_WAITING_MS = 7 * DAY_MS;

/**
 * A waiting room whose host follows it nowhere expires `waitingRoomExpiryMs` after they left (or after
 * this process loaded it without them). Armed again whenever the host comes or goes or the room changes.
 */
export class WaitingExpiry {
  /** When this waiting room expires unless its host comes back, and the cancel of that timer. */
  private expiry: { readonly at: number; readonly cancel: () => void } | null = null;
  private closed = false;

  constructor(
    private readonly room: ExpiringRoom,
    private readonly presence: Presence,
    private readonly deps: WaitingExpiryDeps,
  ) {}

  arm(): void {
    const away = this.presence.hostAwaySince;
    const waitMs = isCorrespondence(this.room.model.timeControl)
      ? CORRESPONDENCE_WAITING_MS
      : this.deps.waitingRoomExpiryMs;
    const at = away === null ? null : away + waitMs;
    if (this.closed || this.room.model.status !== "waiting" || at === null) {
      this.cancel();
      return;
    }
    if (this.expiry?.at === at) return;
    this.expiry?.cancel();
    this.expiry = { at, cancel: this.deps.clock.schedule(at, () => void this.expire()) };
  }

  /** After the room's model changed from `before`. */
  changed(before: MatchModel): void {
    if (before.status === "waiting") this.arm();
  }

  /** The host has been away from this process long enough: unless they follow the room elsewhere, it expires. */
  private async expire(): Promise<void> {
    this.expiry = null;
    const online = await this.deps.online(this.room.matchId);
    if (online !== null) await this.room.submit({ kind: "system" }, { type: "expire", online }, null);
    // Still waiting: the host follows the room on another process (or nobody could tell): look again later.
    if (this.room.model.status === "waiting") {
      this.presence.hostSeenElsewhere(this.deps.clock.now());
      this.arm();
    }
  }

  /** An expiry decided in the mailbox counts the host's sockets here as they are then, not as they were asked. */
  withLocalHost(command: Command): Command {
    if (command.type !== "expire" || this.presence.hostAwaySince !== null) return command;
    return { ...command, online: [...command.online, this.room.model.host.id] };
  }

  close(): void {
    this.closed = true;
    this.cancel();
  }

  private cancel(): void {
    this.expiry?.cancel();
    this.expiry = null;
  }
}
