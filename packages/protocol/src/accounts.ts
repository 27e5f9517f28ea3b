import { z } from "zod";
import { type MatchId, UserId } from "./ids.js";
import { GAME_OUTCOMES, type GameOutcome, SPEEDS } from "./values/accounts.js";

export * from "./values/accounts.js";

/**
 * An account's name: 3–20 letters, digits, `_` or `-`, unique without regard to case (docs/protocol.md,
 * "Accounts"). The reserved list is the server's; this is the shape any client can check before sending.
 */
export const AccountName = z
  .string()
  .min(3, "3–20 characters")
  .max(20, "3–20 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "only letters, digits, '_' and '-'");
export type AccountName = z.infer<typeof AccountName>;

/** A password as sent; its strength (length, the common-password list) is the server's to judge. */
export const Password = z.string().min(1).max(256);

/** `POST /api/accounts`: claim a username (for the guest in `Authorization`, if any) or register afresh. */
export const RegisterRequest = z.strictObject({
  name: AccountName,
  password: Password,
  /** A bot account: never rated against humans, marked BOT (docs/protocol.md, "Accounts"). */
  bot: z.boolean().default(false),
});

/** `POST /api/login`. The name is not checked for shape here: every failure reads `bad-credentials`. */
export const LoginRequest = z.strictObject({
  name: z.string().min(1).max(64),
  password: Password,
});

export const RatingSpeed = z.enum(SPEEDS);
export type RatingSpeed = (typeof SPEEDS)[number];

/** A Glicko-2 rating as shown: RD > 110 is provisional and shows "?" (docs/protocol.md, "Ratings"). */
export const RatingView = z.object({
  rating: z.number(),
  rd: z.number(),
  games: z.number().int(),
  provisional: z.boolean(),
});
export type RatingView = z.infer<typeof RatingView>;

/** An account as everyone sees it. */
export const PublicUser = z.object({
  id: UserId,
  name: z.string(),
  bot: z.boolean(),
  createdAt: z.number().int(),
  /** Present and true for a closed account (docs/protocol.md, "Closing an account"). */
  closed: z.literal(true).optional(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** `{token, user}` after registering or logging in; the token goes in `auth.token` as a guest's does. */
export interface AuthResponse {
  readonly ok: true;
  readonly token: string;
  readonly user: PublicUser;
}

/** One finished game in a player's history (newest first). */
export interface HistoryEntry {
  readonly matchId: MatchId;
  readonly gameId: string;
  readonly speed: RatingSpeed;
  readonly endedAt: number;
  readonly outcome: GameOutcome;
  readonly opponents: readonly string[];
  readonly rated: boolean;
  /** The player's rating before and after, for a rated game. */
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
}

export interface WinDrawLoss {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/** `GET /api/users/<name>`. */
export interface UserResponse {
  readonly ok: true;
  readonly user: PublicUser & {
    readonly ratings: Readonly<Record<string, Partial<Record<RatingSpeed, RatingView>>>>;
    readonly record: WinDrawLoss;
  };
}

/**
 * `GET /api/users/<name>/games?page=N`: pages of `HISTORY_PAGE` games, newest first, filtered by the
 * search fields given (docs/protocol.md, "Game search"): the game, the player's result, an opponent's
 * exact name (ASCII letters without regard to case) and when it ended, `from` ≤ endedAt ≤ `to` (ms).
 */
export const HISTORY_PAGE = 20;
export const HistoryQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    gameId: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, "a game id")
      .optional(),
    outcome: z.enum(GAME_OUTCOMES).optional(),
    opponent: z.string().trim().min(1).max(64).optional(),
    from: z.coerce.number().int().min(0).max(8.64e15).optional(),
    to: z.coerce.number().int().min(0).max(8.64e15).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: "from is after to",
    path: ["from"],
  });
export type HistoryQuery = z.infer<typeof HistoryQuery>;
/** The search part of a `HistoryQuery`: what a player's games are filtered by (nothing: all of them). */
export type HistorySearch = Omit<HistoryQuery, "page">;
export interface HistoryResponse {
  readonly ok: true;
  readonly page: number;
  readonly games: readonly HistoryEntry[];
  readonly more: boolean;
  /** The opponents' names on this page whose accounts are closed (docs/protocol.md, "Closing an account"). */
  readonly closed?: readonly string[];
}

/** One point of a rating history (`GET /api/users/<name>/rating-history`). */
export interface RatingPoint {
  readonly gameId: string;
  readonly speed: RatingSpeed;
  readonly at: number;
  readonly rating: number;
}

/** One seat's change after a rated game (`GET /api/matches/<id>/ratings`). */
export interface RatingChange {
  readonly seat: number;
  readonly userId: UserId;
  readonly before: number;
  readonly after: number;
  readonly rdAfter: number;
}
export interface MatchRatingsResponse {
  readonly ok: true;
  /** Empty until the game's ratings are applied; unrated games have none ever. */
  readonly changes: readonly RatingChange[];
}

/** `GET /api/ratings?gameId=&speed=&users=<id>,<id>`: the ratings shown beside names (lobby, room). */
export const RatingsQuery = z.object({
  gameId: z.string().min(1).max(32),
  speed: RatingSpeed,
  users: z
    .string()
    .max(50 * 130)
    .transform((list) => list.split(",").filter((id) => id !== ""))
    .pipe(z.array(UserId).max(50)),
});
export interface RatingsResponse {
  readonly ok: true;
  /** Only users with a rating in the pool. */
  readonly ratings: Readonly<Record<string, RatingView>>;
}

/** `GET /api/leaderboard/<gameId>/<speed>`: the top 100, non-provisional players only. */
export const LEADERBOARD_SIZE = 100;
export interface LeaderboardEntry {
  readonly name: string;
  readonly rating: number;
  readonly rd: number;
  readonly games: number;
}
export interface LeaderboardResponse {
  readonly ok: true;
  readonly gameId: string;
  readonly speed: RatingSpeed;
  readonly players: readonly LeaderboardEntry[];
}
