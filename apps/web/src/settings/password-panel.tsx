"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { failureText } from "../i18n/errors";
import { changePassword } from "../net/sessions-api";

/**
 * Password change (docs/web.md, "Settings"): the old password and the new one; every other session is
 * logged out, and the panel says how many.
 */
export function PasswordPanel({ token, onChanged }: { token: string; onChanged: () => void }) {
  const t = useTranslations("settings");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [oldPassword, setOldPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    const body = await changePassword(token, oldPassword, newPassword);
    setBusy(false);
    if (body.ok === false) {
      setError(failureText(errors, locale, body));
      return;
    }
    setOldPassword("");
    setNewPassword("");
    setDone(body.ended);
    onChanged();
  }

  return (
    <section
      className="panel settings-section"
      aria-labelledby="password-title"
      data-testid="password-settings"
    >
      <h3 id="password-title">{t("passwordTitle")}</h3>
      <form className="settings-form" onSubmit={(e) => void submit(e)}>
        <label>
          {t("passwordOld")}
          <input
            type="password"
            autoComplete="current-password"
            required
            value={oldPassword}
            data-testid="password-old"
            onChange={(e) => setOldPassword(e.target.value)}
          />
        </label>
        <label>
          {t("passwordNew")}
          <input
            type="password"
            autoComplete="new-password"
            required
            value={newPassword}
            data-testid="password-new"
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </label>
        <button type="submit" className="btn primary" disabled={busy} data-testid="password-change">
          {t("passwordChange")}
        </button>
      </form>
      {done !== null && (
        <p role="status" data-testid="password-changed">
          {t("passwordChanged", { ended: done })}
        </p>
      )}
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
