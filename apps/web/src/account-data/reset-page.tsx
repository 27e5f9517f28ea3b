"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../i18n/errors";
import { useArena } from "../net/arena-context";
import { confirmPasswordReset, requestPasswordReset } from "../net/account-data-api";
import "../settings/settings.css";

/**
 * Choosing a new password without the old one (docs/web.md, "Password reset"): without a token, the name
 * to mail a link to (the answer is the same for every name); with the mailed token, the new password,
 * after which the page is logged in.
 */
export function ResetPage({ token }: { token: string | null }) {
  const t = useTranslations("accountData");
  return (
    <div className="settings-page">
      <h2>{t("resetTitle")}</h2>
      <section className="panel settings-section">
        {token === null ? <AskForLink /> : <NewPassword token={token} />}
      </section>
    </div>
  );
}

function AskForLink() {
  const t = useTranslations("accountData");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [name, setName] = useState("");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (sent) return <p data-testid="reset-sent">{t("resetSent")}</p>;
  return (
    <form
      className="email-form"
      data-testid="reset-request-form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        void requestPasswordReset(name).then((answer) => {
          if (answer.ok) setSent(true);
          else setError(failureText(errors, locale, answer));
        });
      }}
    >
      <p className="muted">{t("resetAskHelp")}</p>
      <label className="field">
        {t("resetName")}
        <input
          name="username"
          autoComplete="username"
          value={name}
          maxLength={20}
          required
          data-testid="reset-name"
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button type="submit" className="btn primary" data-testid="reset-send">
        {t("resetSend")}
      </button>
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function NewPassword({ token }: { token: string }) {
  const t = useTranslations("accountData");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const { client } = useArena();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (done) return <p data-testid="reset-done">{t("resetDone")}</p>;
  return (
    <form
      className="email-form"
      data-testid="reset-confirm-form"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        void confirmPasswordReset(token, password).then((answer) => {
          setBusy(false);
          if (!answer.ok) {
            setError(failureText(errors, locale, answer));
            return;
          }
          setPassword("");
          client?.signIn(answer.token);
          setDone(true);
        });
      }}
    >
      <label className="field">
        {t("resetNewPassword")}
        <input
          name="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          required
          data-testid="reset-password"
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="submit" className="btn primary" disabled={busy} data-testid="reset-save">
        {t("resetSave")}
      </button>
      {error !== null && (
        <p className="error" role="alert" data-testid="reset-error">
          {error}
        </p>
      )}
    </form>
  );
}
