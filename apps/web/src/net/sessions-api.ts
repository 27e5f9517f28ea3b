import type { SessionsEndedResponse, SessionsResponse } from "@arena/protocol";
import { type ApiFailure, call, post } from "./players-api";

export type { SessionView } from "@arena/protocol";

const bearer = (token: string, method = "GET"): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}` },
});

/** `GET /api/sessions` (docs/protocol.md, "Sessions"): the account's open sessions, the last used first. */
export async function fetchSessions(token: string): Promise<SessionsResponse | ApiFailure> {
  const body = await call<SessionsResponse>("/api/sessions", bearer(token));
  return "sessions" in body
    ? body
    : body.ok === false
      ? body
      : { ok: false, code: "unavailable", message: "" };
}

/** Ends one session (`id`), or every one but this (`id` absent). */
export const endSessions = (token: string, id?: string) =>
  call<SessionsEndedResponse>(
    id === undefined ? "/api/sessions" : `/api/sessions/${encodeURIComponent(id)}`,
    bearer(token, "DELETE"),
  );

/** `POST /api/password`: the other sessions end; this one stays. */
export const changePassword = (token: string, oldPassword: string, newPassword: string) =>
  call<SessionsEndedResponse>("/api/password", post({ oldPassword, newPassword }, token));
