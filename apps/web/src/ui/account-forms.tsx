"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../i18n/errors";
import type { Refusal } from "../room/command-status";
import { useArena } from "../net/arena-context";
import { login, register } from "../net/players-api";
import { sanctionText } from "../moderation/sanction-text";

type Mode = "login" | "register";

/**
 * Logging in, or registering (a guest claims a username and keeps its games): docs/web.md, "Accounts".
 * Errors are worded from the server's codes (taken names, weak passwords, "wrong name or password").
 */
export function AccountForms({ onDone }: { onDone: () => void }) {
  const { client, session } = useArena();
  const t = useTranslations("account");
  const data = useTranslations("accountData");
  const errors = useTranslations("errors");
  const moderation = useTranslations("moderation");
  const locale = useLocale();
  const [mode, setMode] = useState<Mode>("login");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (client === null) return;
    setBusy(true);
    setError(null);
    const answer =
      mode === "login" ? await login(name, password) : await register(name, password, session?.token);
    setBusy(false);
    if (!answer.ok) {
      setError(answer);
      return;
    }
    setPassword("");
    client.signIn(answer.token);
    onDone();
  };
  return (
    <div className="account-forms" role="dialog" aria-label={mode === "login" ? t("logIn") : t("register")}>
      <div className="tabs" role="tablist">
        {(["login", "register"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`link-btn${mode === m ? " on" : ""}`}
            data-testid={`${m}-tab`}
            onClick={() => {
              setMode(m);
              setError(null);
            }}
          >
            {m === "login" ? t("logIn") : t("register")}
          </button>
        ))}
      </div>
      <form
        data-testid={`${mode}-form`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          {t("username")}
          <input
            name="username"
            autoComplete="username"
            value={name}
            maxLength={20}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="field">
          {t("password")}
          <input
            name="password"
            type="password"
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            value={password}
            required
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {mode === "register" && <p className="muted small">{t("rules")}</p>}
        {mode === "login" && (
          <a href="/reset" className="small" data-testid="forgot-password">
            {data("forgot")}
          </a>
        )}
        {error !== null && (
          <p className="error" role="alert" data-testid="account-error">
            {sanctionText(moderation, locale, error) ?? failureText(errors, locale, error)}
          </p>
        )}
        <button type="submit" className="btn primary small" disabled={busy} data-testid={`${mode}-submit`}>
          {mode === "login" ? t("logIn") : t("register")}
        </button>
      </form>
    </div>
  );
}
