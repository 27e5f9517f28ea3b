import {
  type EmailSettingsStore,
  type StoredEmailSettings,
  type VerificationToken,
} from "../ports/email-settings.js";

/** E-mail settings of one process (memory store). */
export class MemoryEmailSettingsStore implements EmailSettingsStore {
  private readonly settings = new Map<string, StoredEmailSettings>();
  private readonly tokens = new Map<string, VerificationToken>();

  get(userId: string): Promise<StoredEmailSettings | null> {
    return Promise.resolve(this.settings.get(userId) ?? null);
  }

  put(userId: string, settings: StoredEmailSettings): Promise<void> {
    this.settings.set(userId, settings);
    return Promise.resolve();
  }

  saveToken(hash: string, token: VerificationToken): Promise<void> {
    this.tokens.set(hash, token);
    return Promise.resolve();
  }

  takeToken(hash: string, now: number): Promise<VerificationToken | null> {
    const token = this.tokens.get(hash);
    this.tokens.delete(hash);
    for (const [key, t] of this.tokens) if (t.expiresAt <= now) this.tokens.delete(key);
    return Promise.resolve(token !== undefined && token.expiresAt > now ? token : null);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
