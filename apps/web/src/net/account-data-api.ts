import type { AccountClosedResponse, AuthResponse } from "@arena/protocol";
import { serverUrl } from "../env";
import { type ApiFailure, call, post } from "./players-api";

/**
 * The account's data (docs/web.md, "Settings" and "Password reset"): its export as a file, closing it,
 * and choosing a new password through a mailed link.
 */

/** `GET /api/account/export`: the zip and the file name the server gives it, or a refusal. */
export async function downloadExport(token: string): Promise<{ blob: Blob; fileName: string } | ApiFailure> {
  try {
    const response = await fetch(`${serverUrl()}/api/account/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) return (await response.json()) as ApiFailure;
    const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
    return { blob: await response.blob(), fileName: named?.[1] ?? "arena-export.zip" };
  } catch {
    return { ok: false, code: "unavailable", message: "the server cannot be reached" };
  }
}

export const closeAccount = (token: string, password: string) =>
  call<AccountClosedResponse>("/api/account/close", post({ password }, token));

export const requestPasswordReset = (name: string) =>
  call<{ ok: true }>("/api/password/reset", post({ name }));

export const confirmPasswordReset = (token: string, newPassword: string) =>
  call<AuthResponse>("/api/password/reset/confirm", post({ token, newPassword }));
