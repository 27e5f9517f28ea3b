"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { failureText } from "../i18n/errors";
import { fetchVacation, setVacation, type VacationState } from "../net/account-api";

/**
 * Vacation (docs/web.md, "Settings"): on or off, since when, and the days left this year. While it is on,
 * the user's correspondence clocks stand still and their opponents' rooms say "On vacation".
 */
export function VacationPanel({ token }: { token: string }) {
  const t = useTranslations("settings");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [state, setState] = useState<VacationState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void fetchVacation(token).then((body) => {
      if (!live) return;
      if ("onVacation" in body) setState(body);
      else setError(failureText(errors, locale, body));
    });
    return () => {
      live = false;
    };
  }, [token, errors, locale]);

  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section
      className="panel settings-section"
      aria-labelledby="vacation-title"
      data-testid="vacation-settings"
    >
      <h3 id="vacation-title">{t("vacationTitle")}</h3>
      <p className="muted">{t("vacationHelp")}</p>
      {state !== null && (
        <>
          <label className="switch-line">
            <input
              type="checkbox"
              checked={state.onVacation}
              disabled={busy || (!state.onVacation && state.daysLeft <= 0)}
              data-testid="vacation-switch"
              onChange={(e) => {
                setBusy(true);
                setError(null);
                void setVacation(token, e.target.checked).then((body) => {
                  setBusy(false);
                  if ("onVacation" in body) setState(body);
                  else
                    setError(
                      body.code === "quota" ? t("vacationNoneLeft") : failureText(errors, locale, body),
                    );
                });
              }}
            />{" "}
            {t("vacationSwitch")}
          </label>
          <p data-testid="vacation-status">
            {state.onVacation && state.since !== null
              ? t("vacationSince", { since: when.format(new Date(state.since)) })
              : t("vacationOff")}{" "}
            <span data-testid="vacation-days-left">{t("vacationDaysLeft", { days: state.daysLeft })}</span>
          </p>
        </>
      )}
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
