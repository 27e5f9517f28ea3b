import type {
  HistoryResponse,
  PoolInfo,
  PuzzleThemes,
  RatingPoint,
  Snapshot,
  UserResponse,
} from "@arena/protocol";
import { EMPTY_SEARCH, searchQuery } from "../players/game-search-model";

/**
 * Reads of the server's public API made while a page renders on the server, so that its largest element
 * is in the first HTML (docs/web.md, "Light pages"). The web app runs in the API server's process, which
 * names its own loopback origin in this variable once it listens (apps/server/src/web/self-origin.ts).
 * Without it (`next dev` alone) or when the API does not answer in time, a read gives null and the page's
 * client loads the data as before.
 */
const SELF_ORIGIN_ENV = "ARENA_SELF_ORIGIN";

/** Long enough for a loaded machine's API, short enough that a stuck one does not hold the page. */
const READ_TIMEOUT_MS = 2000;

async function readOwnApi<T extends { readonly ok: boolean }>(
  path: string,
): Promise<(T & { ok: true }) | null> {
  const origin = process.env[SELF_ORIGIN_ENV];
  if (origin === undefined || origin === "") return null;
  try {
    const response = await fetch(`${origin}${path}`, {
      cache: "no-store",
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    const body = (await response.json()) as T;
    return body.ok ? (body as T & { ok: true }) : null;
  } catch {
    return null;
  }
}

/** The match as `GET /api/matches/<id>` gives it, or null. */
export async function readMatch(matchId: string): Promise<Snapshot | null> {
  const answer = await readOwnApi<{ ok: boolean; match: Snapshot }>(
    `/api/matches/${encodeURIComponent(matchId)}`,
  );
  return answer?.match ?? null;
}

/** What the profile shows first: the player, their rating points and their newest games. */
export interface ProfileStart {
  readonly user: UserResponse["user"];
  readonly points: readonly RatingPoint[];
  readonly history: HistoryResponse | null;
}

export async function readProfile(name: string): Promise<ProfileStart | null> {
  const path = `/api/users/${encodeURIComponent(name)}`;
  const [user, points, history] = await Promise.all([
    readOwnApi<UserResponse>(path),
    readOwnApi<{ ok: boolean; points: readonly RatingPoint[] }>(`${path}/rating-history`),
    readOwnApi<HistoryResponse>(`${path}/games?${searchQuery(EMPTY_SEARCH, 1)}`),
  ]);
  if (user === null) return null;
  return { user: user.user, points: points?.points ?? [], history };
}

/** The quick-pairing grid as `GET /api/pools` gives it, or null: the lobby draws it in its first HTML. */
export async function readPools(): Promise<readonly PoolInfo[] | null> {
  const answer = await readOwnApi<{ ok: boolean; pools: readonly PoolInfo[] }>("/api/pools");
  return answer?.pools ?? null;
}

/** A game's puzzle themes as `GET /api/puzzles/themes` gives them, or null: the puzzles page lists games by them. */
export async function readPuzzleThemes(gameId: string): Promise<PuzzleThemes["themes"] | null> {
  const answer = await readOwnApi<PuzzleThemes>(
    `/api/puzzles/themes?${new URLSearchParams({ gameId }).toString()}`,
  );
  return answer?.themes ?? null;
}
