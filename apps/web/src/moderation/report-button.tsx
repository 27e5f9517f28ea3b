"use client";

import type { ReportReason } from "@arena/protocol";
import { MAX_REPORT_TEXT, REPORT_REASONS } from "@arena/protocol/values";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../i18n/errors";
import { useArena } from "../net/arena-context";
import { fileReport } from "../net/moderation-api";
import type { Refusal } from "../room/command-status";

/** Each reason's key in the `moderation` namespace. */
export const REASON_KEYS = {
  cheating: "reason.cheating",
  abuse: "reason.abuse",
  spam: "reason.spam",
  name: "reason.name",
  other: "reason.other",
} as const satisfies Record<ReportReason, string>;

/**
 * Report a player, or one of their chat lines (docs/web.md, "Reports"): a small dialog with a reason and a
 * short text. Accounts only; none for oneself.
 */
export function ReportButton({
  name,
  id,
  matchId,
  lineId,
  compact = false,
}: {
  name: string;
  id: string;
  matchId?: string;
  lineId?: string;
  compact?: boolean;
}) {
  const t = useTranslations("moderation");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const { session } = useArena();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>(lineId === undefined ? "cheating" : "abuse");
  const [text, setText] = useState("");
  const [state, setState] = useState<"editing" | "sending" | "sent">("editing");
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  if (session?.account === undefined || session.user.id === id) return null;
  const token = session.token;

  const submit = async () => {
    setState("sending");
    const answer = await fileReport(token, {
      name,
      reason,
      text,
      ...(matchId === undefined ? {} : { matchId }),
      ...(lineId === undefined ? {} : { lineId }),
    });
    if (answer.ok) {
      setState("sent");
      setRefusal(null);
    } else {
      setState("editing");
      setRefusal(answer);
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        className={compact ? "link-btn small" : "btn small"}
        data-testid={lineId === undefined ? "report-open" : "report-line"}
        aria-label={t("reportWho", { name })}
        onClick={() => {
          setOpen(true);
          setState("editing");
        }}
      >
        {t("report")}
      </button>
    );
  }
  return (
    <div
      className="report-dialog"
      role="dialog"
      aria-label={t("reportWho", { name })}
      data-testid="report-dialog"
    >
      {state === "sent" ? (
        <p data-testid="report-done">{t("reportDone")}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p>{lineId === undefined ? t("reportWho", { name }) : t("reportLine", { name })}</p>
          <label className="field">
            {t("reasonLabel")}
            <select
              data-testid="report-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value as ReportReason)}
            >
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(REASON_KEYS[r])}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t("textLabel")}
            <textarea
              data-testid="report-text"
              maxLength={MAX_REPORT_TEXT}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <button
            type="submit"
            className="btn small"
            data-testid="report-submit"
            disabled={state === "sending"}
          >
            {t("send")}
          </button>{" "}
          <button type="button" className="link-btn" onClick={() => setOpen(false)}>
            {t("cancel")}
          </button>
          {refusal !== null && (
            <p className="error" role="alert" data-testid="report-error">
              {failureText(errors, locale, refusal)}
            </p>
          )}
        </form>
      )}
      {state === "sent" && (
        <button type="button" className="link-btn" onClick={() => setOpen(false)}>
          {t("close")}
        </button>
      )}
    </div>
  );
}
