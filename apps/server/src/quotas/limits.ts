import { z } from "zod";

/** What one user or address may hold at once, or do per minute (docs/protocol.md, "Quotas"). */
export interface QuotaLimits {
  /** Sockets one user may have open, on every process together. */
  readonly socketsPerUser: number;
  /** Sockets from one client address (loopback peers, a proxy without `TRUST_PROXY`, are not counted). */
  readonly socketsPerAddress: number;
  /** Rooms waiting for players that one user hosts. */
  readonly waitingRoomsPerUser: number;
  readonly roomsPerMinutePerUser: number;
  readonly roomsPerMinutePerAddress: number;
  /** Unfinished rooms with an AI seat that one user hosts (waiting or live). */
  readonly aiGamesPerUser: number;
  /** Unfinished correspondence games one user hosts (waiting or live): each may live for weeks. */
  readonly correspondenceGamesPerUser: number;
  /** Matches one socket follows without a seat in them (spectating, on this process). */
  readonly watchesPerSocket: number;
  /** Matches one user's sockets follow without a seat in them, on this process. */
  readonly watchesPerUser: number;
  /** How long a waiting room's host may be away before the room expires. */
  readonly waitingRoomExpiryMs: number;
  /** Chat lines one user may say in one match per `chatWindowMs` (docs/protocol.md, "Chat"). */
  readonly chatLinesPerWindow: number;
  readonly chatWindowMs: number;
  /** Invitations by name one user may send per minute, across rooms (docs/protocol.md, "Invitations by name"). */
  readonly invitesPerMinutePerUser: number;
  /** Invitations by name one account may receive per minute, across rooms and inviters. */
  readonly invitesPerMinutePerInvitee: number;
  /** Spectators' lines from one client address in one match per `chatWindowMs` (a crowd of guests on one address). */
  readonly spectatorLinesPerAddress: number;
  /** Spectators' lines in one match's channel per `chatWindowMs`, whoever says them (a crowd of addresses). */
  readonly spectatorLinesPerChannel: number;
  /** New guest identities one address may be given per minute (`POST /api/session`, or a socket without one). */
  readonly guestsPerMinutePerAddress: number;
  /** Game downloads one address may fetch per minute (`GET /api/matches/:id/export`, docs/protocol.md). */
  readonly downloadsPerMinutePerAddress: number;
  /** Tournaments one user may create, and tournaments they may join or leave, per minute (docs/protocol.md). */
  readonly tournamentActionsPerMinutePerUser: number;
  /** Reads and marks of one user's notification inbox per minute (docs/protocol.md, "Notifications"). */
  readonly notificationRequestsPerMinutePerUser: number;
  /** Puzzle requests (served, attempted, listed) of one user per minute (docs/puzzles.md, "Serving and rating"). */
  readonly puzzleRequestsPerMinutePerUser: number;
}

export const DEFAULT_QUOTAS: QuotaLimits = {
  socketsPerUser: 10,
  socketsPerAddress: 200,
  waitingRoomsPerUser: 3,
  roomsPerMinutePerUser: 10,
  roomsPerMinutePerAddress: 30,
  aiGamesPerUser: 3,
  correspondenceGamesPerUser: 50,
  watchesPerSocket: 20,
  watchesPerUser: 50,
  waitingRoomExpiryMs: 60_000,
  chatLinesPerWindow: 5,
  chatWindowMs: 10_000,
  invitesPerMinutePerUser: 10,
  invitesPerMinutePerInvitee: 5,
  spectatorLinesPerAddress: 10,
  spectatorLinesPerChannel: 30,
  guestsPerMinutePerAddress: 20,
  downloadsPerMinutePerAddress: 60,
  tournamentActionsPerMinutePerUser: 10,
  notificationRequestsPerMinutePerUser: 60,
  puzzleRequestsPerMinutePerUser: 120,
};

const count = z.coerce.number().int().min(1).max(1_000_000_000);
const QuotaOverrides = z.strictObject({
  socketsPerUser: count,
  socketsPerAddress: count,
  waitingRoomsPerUser: count,
  roomsPerMinutePerUser: count,
  roomsPerMinutePerAddress: count,
  aiGamesPerUser: count,
  correspondenceGamesPerUser: count,
  watchesPerSocket: count,
  watchesPerUser: count,
  waitingRoomExpiryMs: count,
  chatLinesPerWindow: count,
  chatWindowMs: count,
  invitesPerMinutePerUser: count,
  invitesPerMinutePerInvitee: count,
  spectatorLinesPerAddress: count,
  spectatorLinesPerChannel: count,
  guestsPerMinutePerAddress: count,
  downloadsPerMinutePerAddress: count,
  tournamentActionsPerMinutePerUser: count,
  notificationRequestsPerMinutePerUser: count,
  puzzleRequestsPerMinutePerUser: count,
});

/**
 * `QUOTAS`, e.g. `socketsPerAddress=5000,aiGamesPerUser=5`: the limits that differ from the defaults
 * (a load test from one address, a private server among friends).
 */
export const QuotasFromEnv = z
  .string()
  .default("")
  .transform((text): Record<string, unknown> =>
    Object.fromEntries(
      text
        .split(",")
        .map((pair) => pair.trim())
        .filter((pair) => pair !== "")
        .map((pair): [string, string] => {
          const [name = "", value = ""] = pair.split("=", 2).map((part) => part.trim());
          return [name, value];
        }),
    ),
  )
  .pipe(QuotaOverrides.partial())
  .transform((overrides: Partial<QuotaLimits>): QuotaLimits => ({ ...DEFAULT_QUOTAS, ...overrides }));
