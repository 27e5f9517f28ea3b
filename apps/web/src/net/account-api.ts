import type { EmailSettingsResponse, NotificationsResponse, VacationStatus } from "@arena/protocol";
import { EMAIL_LANGUAGES } from "@arena/protocol/values";
import { type ApiFailure, call, post } from "./players-api";

// The account's own pages (docs/web.md, "Notifications" and "Settings") speak the protocol's shapes.
export type { Notification, NotificationKind, NotificationsResponse } from "@arena/protocol";

/** `GET/POST /api/vacation`: whether the user is on vacation, since when (ms), and the days left this year. */
export type VacationState = VacationStatus;

/** `GET /api/account/email`: the address (null: none yet), whether it was verified, the switches, and
 * whether this server sends mail at all. */
export type EmailSettings = EmailSettingsResponse;
export type EmailKinds = EmailSettingsResponse["kinds"];

const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });

/** A body that is not the expected shape is a failure the pages can word. */
function shaped<T>(body: T | ApiFailure, has: string): T | ApiFailure {
  if (typeof body === "object" && body !== null && has in body) return body;
  if (typeof body === "object" && body !== null && "ok" in body && body.ok === false) return body;
  return { ok: false, code: "unavailable", message: "unexpected answer" };
}

export const fetchNotifications = async (token: string) =>
  shaped(await call<NotificationsResponse>("/api/notifications", bearer(token)), "notifications");

/** Marks these notifications read, or all of them when `ids` is absent. */
export const markNotificationsRead = (token: string, ids?: readonly string[]) =>
  call<{ ok: true }>("/api/notifications/read", post(ids === undefined ? {} : { ids }, token));

export const fetchVacation = async (token: string) =>
  shaped(await call<VacationState>("/api/vacation", bearer(token)), "onVacation");

export const setVacation = async (token: string, on: boolean) =>
  shaped(await call<VacationState>("/api/vacation", post({ on }, token)), "onVacation");

export const fetchEmail = async (token: string) =>
  shaped(await call<EmailSettings>("/api/account/email", bearer(token)), "kinds");

/** Sets or changes the address, mails in `language`; the server sends a verification mail to it. */
export const setEmailAddress = (token: string, address: string, language: string) =>
  call<{ ok: true }>(
    "/api/account/email",
    post(EMAIL_LANGUAGES.some((l) => l === language) ? { address, language } : { address }, token),
  );

export const setEmailKinds = (token: string, kinds: EmailKinds) =>
  call<{ ok: true }>("/api/account/email/kinds", post({ kinds }, token));
