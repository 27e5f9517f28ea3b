import { z } from "zod";

/** Ids are opaque on the wire: brands stop a UserId being passed where a MatchId is wanted. */
const token = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.-]+$/, "only letters, digits, '_', '.' and '-'");

export const MatchId = token.brand<"MatchId">();
export type MatchId = z.infer<typeof MatchId>;

export const UserId = token.brand<"UserId">();
export type UserId = z.infer<typeof UserId>;

/** The secret in a room's invite link; lets its holder see a link-only room and take a reserved seat. */
export const InviteToken = token.brand<"InviteToken">();
export type InviteToken = z.infer<typeof InviteToken>;

/** The number of events a match has had; a command names the version it was based on. */
export const Version = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).brand<"Version">();
export type Version = z.infer<typeof Version>;

/** Milliseconds, as a non-negative integer (durations and server timestamps). */
export const Millis = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).brand<"Millis">();
export type Millis = z.infer<typeof Millis>;

export const Seat = z.number().int().min(0).max(15);

/** 1–24 characters after trimming; no control characters. */
export const DisplayName = z
  .string()
  .trim()
  .min(1)
  .max(24)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]+$/, "no control characters");
export type DisplayName = z.infer<typeof DisplayName>;

/** Server-side constructors for values the server itself generates (already valid). */
export const asMatchId = (id: string): MatchId => id as MatchId;
export const asUserId = (id: string): UserId => id as UserId;
export const asVersion = (n: number): Version => n as Version;
export const asMillis = (n: number): Millis => n as Millis;
export const asInviteToken = (s: string): InviteToken => s as InviteToken;
