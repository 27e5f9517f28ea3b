"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../i18n/errors";
import { useArena } from "../net/arena-context";
import { closeAccount } from "../net/account-data-api";

/**
 * "Close account" (docs/web.md, "Settings"): what closing does, then a confirm step that asks for the
 * password. Once closed, the page comes back as a new guest.
 */
export function ClosePanel({ token }: { token: string }) {
  const t = useTranslations("accountData");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const { client } = useArena();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = async () => {
    setBusy(true);
    setError(null);
    const answer = await closeAccount(token, password);
    setBusy(false);
    if (!answer.ok) {
      setError(failureText(errors, locale, answer));
      return;
    }
    setPassword("");
    // The server ended every session already: nothing to log out.
    await client?.signOut(() => Promise.resolve());
  };

  return (
    <section className="panel settings-section" aria-labelledby="close-title" data-testid="close-settings">
      <h3 id="close-title">{t("closeTitle")}</h3>
      <p className="muted">{t("closeHelp")}</p>
      {!confirming ? (
        <button
          type="button"
          className="btn danger"
          data-testid="close-start"
          onClick={() => setConfirming(true)}
        >
          {t("closeStart")}
        </button>
      ) : (
        <form
          className="email-form"
          data-testid="close-form"
          onSubmit={(e) => {
            e.preventDefault();
            void close();
          }}
        >
          <p>{t("closeConfirm")}</p>
          <label className="field">
            {t("closePassword")}
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              required
              data-testid="close-password"
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <button type="submit" className="btn danger" disabled={busy} data-testid="close-confirm">
            {t("closeFinal")}
          </button>
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            {t("cancel")}
          </button>
        </form>
      )}
      {error !== null && (
        <p className="error" role="alert" data-testid="close-error">
          {error}
        </p>
      )}
    </section>
  );
}
