import { type MatchModel } from "@arena/match";
import {
  type Invitation,
  type Notification,
  NOTIFICATIONS_KEPT,
  type TournamentInvitation,
  type UserId,
  type UserRef,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type NotificationStore } from "../store/ports/notifications.js";
import { type Addressed, matchNews, timeRunningOut } from "./match-news.js";

/** Told of every notification that entered an inbox (e-mail, later): once, on the process that added it. */
export type NotificationListener = (userId: UserId, notification: Notification) => void;

export interface InboxOptions {
  readonly store: NotificationStore;
  readonly now: () => number;
  readonly logger: Logger;
  /** To the user's own channel on every process (the `notification` event). */
  readonly push: (userId: UserId, notification: Notification) => void;
}

/**
 * Every user's inbox (docs/protocol.md, "Notifications"): the news of matches (from the process that
 * appended it), invitations and the time alarm go into the store once per id, and each one that was new is
 * pushed to its user and handed to the listeners.
 */
export class Inbox {
  private readonly listeners: NotificationListener[] = [];

  constructor(private readonly options: InboxOptions) {}

  /** Hears every new notification from now on (the e-mail queue's seam). */
  onNotification(listener: NotificationListener): void {
    this.listeners.push(listener);
  }

  /** A match changed on the process that appended the change. */
  matchChanged(before: MatchModel, model: MatchModel): void {
    for (const addressed of matchNews(before, model)) this.deliver(addressed);
  }

  /** A room's time alarm rang on the process that runs its clock. */
  alarmRang(model: MatchModel): void {
    const addressed = timeRunningOut(model, this.options.now());
    if (addressed !== null) this.deliver(addressed);
  }

  /** Someone was invited by name to a seat. */
  invited(invitee: UserId, invitation: Invitation): void {
    this.deliver({
      userId: invitee,
      notification: {
        id: `invitation:${invitation.matchId}:${invitation.seat}`,
        kind: "invitation",
        matchId: invitation.matchId,
        gameId: invitation.gameId,
        from: invitation.host,
        createdAt: this.options.now(),
        read: false,
      },
    });
  }

  /** Someone was invited to a tournament when it was created. */
  tournamentInvited(invitee: UserRef, invitation: TournamentInvitation): void {
    this.deliver({
      userId: invitee.id,
      notification: {
        id: `tournament-invitation:${invitation.id}`,
        kind: "tournament-invitation",
        tournamentId: invitation.id,
        gameId: invitation.gameId,
        from: invitation.createdBy,
        createdAt: this.options.now(),
        read: false,
      },
    });
  }

  /** The newest `limit`, newest first. Rejects when the store cannot be read. */
  list(userId: UserId, limit: number): Promise<Notification[]> {
    return this.options.store.list(userId, Math.min(limit, NOTIFICATIONS_KEPT));
  }

  /** Deletes the user's whole inbox (a closed account's). Rejects when the store cannot be written. */
  clear(userId: string): Promise<void> {
    return this.options.store.clear(userId);
  }

  /** These ids read, or every one (null). Rejects when the store cannot be written. */
  markRead(userId: UserId, ids: readonly string[] | null): Promise<void> {
    return this.options.store.markRead(userId, ids);
  }

  /** Resolves once the notification is kept (and pushed, when new): tests wait on it. */
  async add({ userId, notification }: Addressed): Promise<boolean> {
    const added = await this.options.store.add(userId, notification, NOTIFICATIONS_KEPT);
    if (!added) return false;
    this.options.push(userId, notification);
    for (const listener of this.listeners) {
      try {
        listener(userId, notification);
      } catch (error) {
        this.options.logger.warn({ err: error }, "a notification listener failed");
      }
    }
    return true;
  }

  private deliver(addressed: Addressed): void {
    this.add(addressed).catch((error: unknown) =>
      this.options.logger.warn({ err: error, id: addressed.notification.id }, "a notification was not kept"),
    );
  }
}
