import { type RedisClient, timed } from "./connection.js";
import {
  type EmailSettingsStore,
  type StoredEmailSettings,
  type VerificationToken,
} from "../ports/email-settings.js";

const LEFTOVER_MS = 7 * 86_400_000;

/** E-mail settings in Redis: a JSON value per account, tokens as keys that expire with them. */
export class RedisEmailSettingsStore implements EmailSettingsStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  async get(userId: string): Promise<StoredEmailSettings | null> {
    const value = await timed(this.client.get(`${this.prefix}email:s:${userId}`));
    return value === null ? null : (JSON.parse(value) as StoredEmailSettings);
  }

  async put(userId: string, settings: StoredEmailSettings): Promise<void> {
    await timed(this.client.set(`${this.prefix}email:s:${userId}`, JSON.stringify(settings)));
  }

  async saveToken(hash: string, token: VerificationToken): Promise<void> {
    // Redis's expiry only sweeps leftovers (a week: far beyond any token's life); the caller's clock
    // decides in takeToken, so it is not tied to Redis's clock.
    await timed(this.client.set(`${this.prefix}email:t:${hash}`, JSON.stringify(token), { PX: LEFTOVER_MS }));
  }

  async takeToken(hash: string, now: number): Promise<VerificationToken | null> {
    const value = await timed(this.client.getDel(`${this.prefix}email:t:${hash}`));
    if (value === null) return null;
    const token = JSON.parse(value) as VerificationToken;
    return token.expiresAt > now ? token : null;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
