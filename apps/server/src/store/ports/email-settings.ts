/**
 * An account's e-mail settings as stored (docs/protocol.md, "E-mail"): the kinds are names of notification
 * kinds, checked by the mail module that reads them.
 */
export interface StoredEmailSettings {
  readonly address: string | null;
  readonly verified: boolean;
  readonly language: string;
  /** Kind → mailed; a kind not named takes its default. */
  readonly kinds: Readonly<Record<string, boolean>>;
}

/** What a verification token proves: `address` belongs to `userId`'s owner. */
export interface VerificationToken {
  readonly userId: string;
  readonly address: string;
  readonly expiresAt: number;
}

/**
 * E-mail settings per account and the verification tokens, kept by the hash of the token (the token itself
 * is only in the mail). Shared by every process; every method may reject when the store is down.
 */
export interface EmailSettingsStore {
  get(userId: string): Promise<StoredEmailSettings | null>;
  put(userId: string, settings: StoredEmailSettings): Promise<void>;
  saveToken(hash: string, token: VerificationToken): Promise<void>;
  /** The token under `hash`, removed (single use); null when unknown, used or expired at `now`. */
  takeToken(hash: string, now: number): Promise<VerificationToken | null>;
  close(): Promise<void>;
}
