import type {
  ModActionRequest,
  ModAuditResponse,
  ModMeResponse,
  ModPlayerView,
  ModReportsResponse,
  ReportReason,
} from "@arena/protocol";
import { type ApiFailure, call, post } from "./players-api";

const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });

/** `POST /api/reports` (docs/protocol.md, "Reports"). */
export const fileReport = (
  token: string,
  report: { name: string; reason: ReportReason; text: string; matchId?: string; lineId?: string },
) => call<{ ok: true; id: string }>("/api/reports", post(report, token));

export const fetchModMe = (token: string) => call<ModMeResponse>("/api/mod/me", bearer(token));

export const fetchModReports = (token: string) => call<ModReportsResponse>("/api/mod/reports", bearer(token));

export const fetchModAudit = (token: string) => call<ModAuditResponse>("/api/mod/audit", bearer(token));

export const fetchModPlayer = (token: string, name: string) =>
  call<{ ok: true; player: ModPlayerView }>(`/api/mod/players/${encodeURIComponent(name)}`, bearer(token));

export const modAction = (token: string, action: ModActionRequest) =>
  call<{ ok: true }>("/api/mod/actions", post(action, token));

export type { ApiFailure };
