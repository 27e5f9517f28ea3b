import { type Notification } from "@arena/protocol";
import { newestFirst, type NotificationStore } from "../ports/notifications.js";

/** Inboxes in this process's memory (STORE=memory): gone with it. */
export class MemoryNotificationStore implements NotificationStore {
  private readonly inboxes = new Map<string, Map<string, Notification>>();

  add(userId: string, notification: Notification, keep: number): Promise<boolean> {
    const inbox = this.inboxes.get(userId) ?? new Map<string, Notification>();
    this.inboxes.set(userId, inbox);
    if (inbox.has(notification.id)) return Promise.resolve(false);
    inbox.set(notification.id, notification);
    if (inbox.size > keep) {
      for (const old of [...inbox.values()].sort(newestFirst).slice(keep)) inbox.delete(old.id);
    }
    return Promise.resolve(true);
  }

  list(userId: string, limit: number): Promise<Notification[]> {
    const inbox = this.inboxes.get(userId);
    return Promise.resolve(inbox === undefined ? [] : [...inbox.values()].sort(newestFirst).slice(0, limit));
  }

  markRead(userId: string, ids: readonly string[] | null): Promise<void> {
    const inbox = this.inboxes.get(userId);
    if (inbox === undefined) return Promise.resolve();
    for (const id of ids ?? [...inbox.keys()]) {
      const notification = inbox.get(id);
      if (notification !== undefined && !notification.read) inbox.set(id, { ...notification, read: true });
    }
    return Promise.resolve();
  }

  clear(userId: string): Promise<void> {
    this.inboxes.delete(userId);
    return Promise.resolve();
  }

  unread(userId: string): Promise<number> {
    const inbox = this.inboxes.get(userId);
    return Promise.resolve(inbox === undefined ? 0 : [...inbox.values()].filter((n) => !n.read).length);
  }
}
