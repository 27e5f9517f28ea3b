"use client";

import type { AuditEntry, ReportView } from "@arena/protocol";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { failureText } from "../i18n/errors";
import { useArena } from "../net/arena-context";
import { fetchModAudit, fetchModMe, fetchModReports, modAction } from "../net/moderation-api";
import type { Refusal } from "../room/command-status";
import { ModPlayer } from "./mod-player";
import { REASON_KEYS } from "./report-button";

/**
 * The moderation page (docs/web.md, "Moderation"): the open reports, a player's record with the actions,
 * and the audit log. Accounts with the moderator role only; everyone else reads that the page is not theirs.
 */
export function ModPage() {
  const t = useTranslations("moderation");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const { session } = useArena();
  const token = session?.account === undefined ? null : session.token;
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [reports, setReports] = useState<readonly ReportView[]>([]);
  const [audit, setAudit] = useState<readonly AuditEntry[]>([]);
  const [player, setPlayer] = useState("");
  const [shown, setShown] = useState<string | null>(null);
  const [why, setWhy] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const reload = useCallback(async () => {
    if (token === null) return;
    const [queue, log] = await Promise.all([fetchModReports(token), fetchModAudit(token)]);
    if (queue.ok) setReports(queue.reports);
    if (log.ok) setAudit(log.entries);
  }, [token]);

  useEffect(() => {
    if (token === null) {
      setAllowed(session === null ? null : false);
      return;
    }
    void fetchModMe(token).then((me) => {
      setAllowed(me.ok && me.moderator);
      if (me.ok && me.moderator) void reload();
    });
  }, [token, session, reload]);

  if (allowed === null) return <p className="muted">{t("loading")}</p>;
  if (!allowed || token === null) {
    return (
      <p className="muted" data-testid="mod-forbidden">
        {t("forbidden")}
      </p>
    );
  }

  const close = async (report: ReportView, action: "handle-report" | "dismiss-report") => {
    const answer = await modAction(token, { action, reportId: report.id, why: why[report.id] ?? "" });
    setRefusal(answer.ok ? null : answer);
    await reload();
  };
  const date = (at: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(at);

  return (
    <div className="mod-page" data-testid="mod-page">
      <h1>{t("title")}</h1>
      {refusal !== null && (
        <p className="error" role="alert" data-testid="mod-error">
          {failureText(errors, locale, refusal)}
        </p>
      )}
      <section aria-label={t("queue")}>
        <h2>{t("queue")}</h2>
        {reports.length === 0 ? (
          <p className="muted">{t("queueEmpty")}</p>
        ) : (
          <ul className="mod-list">
            {reports.map((report) => (
              <li key={report.id} data-testid="mod-report">
                <button
                  type="button"
                  className="link-btn"
                  data-testid="mod-report-target"
                  onClick={() => setShown(report.target.name)}
                >
                  {report.target.name}
                </button>{" "}
                {t(REASON_KEYS[report.reason])} · {t("by", { name: report.reporter.name })} ·{" "}
                {date(report.createdAt)}
                {report.text !== "" && <q className="mod-quote">{report.text}</q>}
                {report.evidence !== null && (
                  <q className="mod-quote" data-testid="mod-evidence">
                    {report.evidence}
                  </q>
                )}
                <input
                  className="mod-why"
                  data-testid="mod-report-why"
                  placeholder={t("why")}
                  maxLength={500}
                  value={why[report.id] ?? ""}
                  onChange={(event) => setWhy({ ...why, [report.id]: event.target.value })}
                />
                <button
                  type="button"
                  className="btn small"
                  data-testid="mod-handle"
                  onClick={() => void close(report, "handle-report")}
                >
                  {t("handle")}
                </button>{" "}
                <button
                  type="button"
                  className="btn small"
                  data-testid="mod-dismiss"
                  onClick={() => void close(report, "dismiss-report")}
                >
                  {t("dismiss")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={t("player")}>
        <h2>{t("player")}</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setShown(player.trim());
          }}
        >
          <input
            data-testid="mod-player-name"
            aria-label={t("playerName")}
            value={player}
            onChange={(event) => setPlayer(event.target.value)}
          />{" "}
          <button type="submit" className="btn small" data-testid="mod-player-open">
            {t("open")}
          </button>
        </form>
        {shown !== null && shown !== "" && (
          <ModPlayer key={shown} token={token} name={shown} onActed={() => void reload()} />
        )}
      </section>
      <section aria-label={t("audit")}>
        <h2>{t("audit")}</h2>
        <ol className="mod-list" data-testid="mod-audit">
          {audit.map((entry) => (
            <li key={entry.id} data-testid="mod-audit-entry" data-action={entry.action}>
              {date(entry.at)} · {entry.by} · {t(`action.${entry.action}`)}
              {entry.target !== null && <> · {entry.target.name}</>} · <q>{entry.why}</q>
              {entry.detail !== "" && <span className="muted"> ({entry.detail})</span>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
