import type {
  PuzzleAttemptResult,
  PuzzleHistory,
  PuzzleMode,
  PuzzleServed,
  PuzzleThemes,
} from "@arena/protocol";
import { serverUrl } from "../env";
import type { ApiFailure } from "./players-api";

/** What the trainer asks for: a rated or streak puzzle (`next`), or the day's (`daily`). */
export type PuzzleRequest =
  | { readonly kind: "next"; readonly mode: PuzzleMode; readonly theme: string | null; readonly step: number }
  | { readonly kind: "daily" };

/**
 * One call of the puzzles API (docs/puzzles.md, "Serving and rating"). The page holds no schemas: an answer
 * with a success status is read as the protocol's type, any other as the API's refusal.
 */
async function ask<T>(path: string, token: string | undefined, init?: RequestInit): Promise<T | ApiFailure> {
  try {
    const response = await fetch(`${serverUrl()}${path}`, {
      ...init,
      headers: {
        ...(init?.body === undefined ? {} : { "content-type": "application/json" }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return body as T;
    return typeof body === "object" && body !== null && "code" in body
      ? (body as ApiFailure)
      : { ok: false, code: "unavailable", message: `the server answered ${response.status}` };
  } catch {
    return { ok: false, code: "unavailable", message: "the server cannot be reached" };
  }
}

export function fetchPuzzle(gameId: string, request: PuzzleRequest, token: string | undefined) {
  if (request.kind === "daily") {
    return ask<PuzzleServed>(`/api/puzzles/daily?${new URLSearchParams({ gameId }).toString()}`, token);
  }
  const query = new URLSearchParams({ gameId, mode: request.mode, step: String(request.step) });
  if (request.theme !== null) query.set("theme", request.theme);
  return ask<PuzzleServed>(`/api/puzzles/next?${query.toString()}`, token);
}

/** Sends every move so far, the replies between them included; `rated: false` for a streak. */
export const attemptPuzzle = (
  id: string,
  moves: readonly string[],
  rated: boolean,
  token: string | undefined,
) =>
  ask<PuzzleAttemptResult>(`/api/puzzles/${encodeURIComponent(id)}/attempt`, token, {
    method: "POST",
    body: JSON.stringify({ moves, rated }),
  });

/** A game's themes; the token is sent when the page has one (a server may count the reader against its rate). */
export const fetchPuzzleThemes = (gameId: string, token: string | undefined) =>
  ask<PuzzleThemes>(`/api/puzzles/themes?${new URLSearchParams({ gameId }).toString()}`, token);

export const fetchPuzzleHistory = (gameId: string, token: string) =>
  ask<PuzzleHistory>(`/api/puzzles/history?${new URLSearchParams({ gameId }).toString()}`, token);
