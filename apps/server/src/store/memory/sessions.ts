import { type UserId } from "@arena/protocol";
import { type SessionRecord, type SessionStore, sessionOrder } from "../ports/sessions.js";

/** Sessions in this process's memory (tests, and a server started without a data folder). */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, SessionRecord>();

  open(session: SessionRecord): Promise<void> {
    this.sessions.set(session.id, session);
    return Promise.resolve();
  }

  get(id: string): Promise<SessionRecord | null> {
    return Promise.resolve(this.sessions.get(id) ?? null);
  }

  touch(id: string, now: number): Promise<void> {
    const session = this.sessions.get(id);
    if (session !== undefined && now > session.lastUsedAt)
      this.sessions.set(id, { ...session, lastUsedAt: now });
    return Promise.resolve();
  }

  list(userId: UserId): Promise<SessionRecord[]> {
    return Promise.resolve([...this.sessions.values()].filter((s) => s.userId === userId).sort(sessionOrder));
  }

  end(id: string): Promise<boolean> {
    return Promise.resolve(this.sessions.delete(id));
  }

  endAllBut(userId: UserId, keep: string | null): Promise<string[]> {
    const ended: string[] = [];
    for (const session of this.sessions.values()) {
      if (session.userId !== userId || session.id === keep) continue;
      this.sessions.delete(session.id);
      ended.push(session.id);
    }
    return Promise.resolve(ended.sort());
  }
}
