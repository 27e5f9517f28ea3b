import type { AnalysedPosition, AnalysisStatus, Failure, PositionAnalysisResponse } from "@arena/protocol";

/** What the page learns from the analysis routes (docs/protocol.md, "Analysis"). */
export type AnalysisReply =
  AnalysisStatus | { readonly ok: false; readonly code: string; readonly message: string };

/**
 * An answer read as the protocol types it (the server, same origin, is the authority): a success's body,
 * the server's refusal with its code, or, when the body is not JSON, the status.
 */
async function read<T>(response: Response): Promise<T | { ok: false; code: string; message: string }> {
  const body = (await response.json().catch(() => null)) as T | Failure | null;
  if (body !== null && (response.ok || isFailure(body))) return body;
  return { ok: false, code: "internal", message: `the server answered ${response.status}` };
}

function isFailure(body: unknown): body is Failure {
  return typeof body === "object" && body !== null && "ok" in body && body.ok === false && "code" in body;
}

function headers(token: string | null): Record<string, string> {
  return {
    "content-type": "application/json",
    ...(token === null ? {} : { authorization: `Bearer ${token}` }),
  };
}

async function guarded<T>(run: () => Promise<T>): Promise<T | { ok: false; code: string; message: string }> {
  try {
    return await run();
  } catch (error) {
    return { ok: false, code: "unavailable", message: error instanceof Error ? error.message : "no answer" };
  }
}

/** Starts (or finds) the analysis of a finished match. */
export function startAnalysis(
  baseUrl: string,
  matchId: string,
  token: string | null,
): Promise<AnalysisReply> {
  return guarded(async () =>
    read<AnalysisStatus>(
      await fetch(`${baseUrl}/api/matches/${encodeURIComponent(matchId)}/analysis`, {
        method: "POST",
        headers: headers(token),
      }),
    ),
  );
}

/** The analysis's progress or result; `none` when nobody asked for it yet. */
export function fetchAnalysis(baseUrl: string, matchId: string): Promise<AnalysisReply> {
  return guarded(async () =>
    read<AnalysisStatus>(await fetch(`${baseUrl}/api/matches/${encodeURIComponent(matchId)}/analysis`)),
  );
}

/** One position of the analysis board. */
export function analysePosition(
  baseUrl: string,
  gameId: string,
  position: unknown,
  token: string | null,
): Promise<{ ok: true; analysis: AnalysedPosition } | { ok: false; code: string; message: string }> {
  return guarded(async () =>
    read<PositionAnalysisResponse>(
      await fetch(`${baseUrl}/api/analysis/position`, {
        method: "POST",
        headers: headers(token),
        body: JSON.stringify({ gameId, position }),
      }),
    ),
  );
}
