"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { failureText } from "../i18n/errors";
import { endSessions, fetchSessions, type SessionView } from "../net/sessions-api";

/**
 * The account's sessions (docs/web.md, "Settings"): each login's device, address and last use, with End
 * for any other and End all other sessions. A session ended here is logged out wherever it is open.
 */
export function SessionsPanel({ token }: { token: string }) {
  const t = useTranslations("settings");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [sessions, setSessions] = useState<readonly SessionView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const body = await fetchSessions(token);
    if ("sessions" in body) setSessions(body.sessions);
    else setError(failureText(errors, locale, body));
  }, [token, errors, locale]);

  useEffect(() => {
    void load();
  }, [load]);

  async function end(id?: string) {
    setBusy(true);
    setError(null);
    const body = await endSessions(token, id);
    if (body.ok === false) setError(failureText(errors, locale, body));
    await load();
    setBusy(false);
  }

  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <section
      className="panel settings-section"
      aria-labelledby="sessions-title"
      data-testid="sessions-settings"
    >
      <h3 id="sessions-title">{t("sessionsTitle")}</h3>
      <p className="muted">{t("sessionsHelp")}</p>
      {sessions !== null && (
        <ul className="sessions-list" data-testid="sessions-list">
          {sessions.map((session) => (
            <li key={session.id} data-testid="session-row" data-current={session.current}>
              <span className="session-device" data-testid="session-device">
                {session.browser !== null && session.system !== null
                  ? t("sessionsDevice", { browser: session.browser, system: session.system })
                  : (session.browser ?? session.system ?? t("sessionsUnknownDevice"))}
              </span>
              {session.current && <span className="session-here">{t("sessionsThisDevice")}</span>}
              <span className="muted">
                {t("sessionsLastUsed", { when: when.format(new Date(session.lastUsedAt)) })}
                {session.address !== null && ` · ${session.address}`}
              </span>
              {!session.current && (
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  data-testid="session-end"
                  onClick={() => void end(session.id)}
                >
                  {t("sessionsEnd")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <button
          type="button"
          className="btn"
          disabled={busy}
          data-testid="sessions-end-others"
          onClick={() => void end()}
        >
          {t("sessionsEndOthers")}
        </button>
      )}
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
