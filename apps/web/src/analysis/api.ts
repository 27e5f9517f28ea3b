import {
  AnalysisStatus,
  type AnalysedPosition,
  FailureSchema,
  PositionAnalysisResponse,
} from "@arena/protocol";

/** What the page learns from the analysis routes (docs/protocol.md, "Analysis"). */
export type AnalysisReply =
  AnalysisStatus | { readonly ok: false; readonly code: string; readonly message: string };

async function read<T>(
  response: Response,
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false } },
): Promise<T | { ok: false; code: string; message: string }> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const failure = FailureSchema.safeParse(body);
  return failure.success
    ? failure.data
    : { ok: false, code: "internal", message: `the server answered ${response.status}` };
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
    read(
      await fetch(`${baseUrl}/api/matches/${encodeURIComponent(matchId)}/analysis`, {
        method: "POST",
        headers: headers(token),
      }),
      AnalysisStatus,
    ),
  );
}

/** The analysis's progress or result; `none` when nobody asked for it yet. */
export function fetchAnalysis(baseUrl: string, matchId: string): Promise<AnalysisReply> {
  return guarded(async () =>
    read(await fetch(`${baseUrl}/api/matches/${encodeURIComponent(matchId)}/analysis`), AnalysisStatus),
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
    read(
      await fetch(`${baseUrl}/api/analysis/position`, {
        method: "POST",
        headers: headers(token),
        body: JSON.stringify({ gameId, position }),
      }),
      PositionAnalysisResponse,
    ),
  );
}
