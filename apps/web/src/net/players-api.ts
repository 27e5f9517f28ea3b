import type {
  AuthResponse,
  HistoryResponse,
  LeaderboardResponse,
  MatchRatingsResponse,
  RatingPoint,
  RatingsResponse,
  RatingView,
  UserResponse,
} from "@arena/protocol";
import { serverUrl } from "../env";

/** A refusal as the API words it (docs/protocol.md, "Accounts"). */
export interface ApiFailure {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
}

export async function call<T>(path: string, init?: RequestInit): Promise<T | ApiFailure> {
  try {
    const response = await fetch(`${serverUrl()}${path}`, init);
    const body = (await response.json()) as T | ApiFailure;
    return body;
  } catch {
    return { ok: false, code: "unavailable", message: "the server cannot be reached" };
  }
}

export const post = (body: unknown, token?: string): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/json",
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
  },
  body: JSON.stringify(body),
});

/** Claims `name` for the guest holding `guestToken` (its games stay its own). */
export const register = (name: string, password: string, guestToken: string | undefined) =>
  call<AuthResponse>("/api/accounts", post({ name, password }, guestToken));

export const login = (name: string, password: string) =>
  call<AuthResponse>("/api/login", post({ name, password }));

export async function logout(token: string): Promise<void> {
  await call<{ ok: true }>("/api/logout", post({}, token));
}

export const fetchUser = (name: string) => call<UserResponse>(`/api/users/${encodeURIComponent(name)}`);

/** A page of a player's games; `query` is `game-search-model.ts` `searchQuery`'s (the page and the search). */
export const fetchHistory = (name: string, query: string) =>
  call<HistoryResponse>(`/api/users/${encodeURIComponent(name)}/games?${query}`);

export const fetchRatingHistory = (name: string) =>
  call<{ ok: true; points: readonly RatingPoint[] }>(`/api/users/${encodeURIComponent(name)}/rating-history`);

export const fetchLeaderboard = (gameId: string, speed: string) =>
  call<LeaderboardResponse>(`/api/leaderboard/${encodeURIComponent(gameId)}/${encodeURIComponent(speed)}`);

export const fetchMatchRatings = (matchId: string) =>
  call<MatchRatingsResponse>(`/api/matches/${encodeURIComponent(matchId)}/ratings`);

export async function fetchRatings(
  gameId: string,
  speed: string,
  users: readonly string[],
): Promise<Readonly<Record<string, RatingView>>> {
  if (users.length === 0) return {};
  const query = new URLSearchParams({ gameId, speed, users: users.join(",") });
  const body = await call<RatingsResponse>(`/api/ratings?${query.toString()}`);
  return body.ok ? body.ratings : {};
}

/** A rating as shown: provisional ones (RD > 110) carry a "?" (docs/protocol.md, "Ratings"). */
export function ratingLabel(rating: Pick<RatingView, "rating" | "provisional">): string {
  return `${rating.rating}${rating.provisional ? "?" : ""}`;
}

/** A rating change as shown on the result screen: "+12", "−12" (a real minus sign), "±0". */
export function changeLabel(before: number, after: number): string {
  const delta = after - before;
  return delta > 0 ? `+${delta}` : delta < 0 ? `\u2212${-delta}` : "\u00b10";
}
