"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { failureText } from "../i18n/errors";
import { type EmailSettings, fetchEmail, setEmailAddress, setEmailKinds } from "../net/account-api";
import { addressStatus, kindOrder, plausibleAddress, withKind } from "./settings-model";

/**
 * E-mail (docs/web.md, "Settings"): the address and whether it was verified, a form to set or change it
 * (the server mails the new address to verify it), and a switch per kind of news sent by mail.
 */
export function EmailPanel({ token }: { token: string }) {
  const t = useTranslations("settings");
  const kindWords = useTranslations("notifications");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [settings, setSettings] = useState<EmailSettings | null>(null);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  // The verification link lands here with ?email=verified.
  const [justVerified, setJustVerified] = useState(false);
  useEffect(
    () => setJustVerified(new URLSearchParams(window.location.search).get("email") === "verified"),
    [],
  );

  useEffect(() => {
    let live = true;
    void fetchEmail(token).then((body) => {
      if (!live) return;
      if ("kinds" in body) {
        setSettings(body);
        setDraft(body.address ?? "");
      } else setError(failureText(errors, locale, body));
    });
    return () => {
      live = false;
    };
  }, [token, errors, locale]);

  const fail = (body: { code: string; message?: string }) => setError(failureText(errors, locale, body));
  const status = settings === null ? null : addressStatus(settings);
  return (
    <section className="panel settings-section" aria-labelledby="email-title" data-testid="email-settings">
      <h3 id="email-title">{t("emailTitle")}</h3>
      {settings !== null && status !== null && (
        <>
          <p data-testid="email-status" data-status={status}>
            {status === "none" ? t("emailNone") : <bdi>{settings.address}</bdi>}{" "}
            {status === "verified" && <span className="chip">{t("emailVerified")}</span>}
            {status === "unverified" && <span className="muted">{t("emailCheckInbox")}</span>}
          </p>
          {justVerified && status === "verified" && (
            <p role="status" data-testid="email-just-verified">
              {t("emailJustVerified")}
            </p>
          )}
          {!settings.sending && (
            <p className="muted" data-testid="email-not-sending">
              {t("emailNotSending")}
            </p>
          )}
        </>
      )}
      {settings !== null && status !== null && settings.sending && (
        <>
          <form
            className="email-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (!plausibleAddress(draft)) {
                setError(t("emailInvalid"));
                return;
              }
              const address = draft.trim();
              setError(null);
              void setEmailAddress(token, address, locale).then((body) => {
                if (!body.ok) fail(body);
                else setSettings({ ...settings, address, verified: false });
              });
            }}
          >
            <label>
              {t("emailAddress")}{" "}
              <input
                type="email"
                value={draft}
                maxLength={254}
                autoComplete="email"
                data-testid="email-input"
                onChange={(e) => setDraft(e.target.value)}
              />
            </label>{" "}
            <button type="submit" className="btn small primary" data-testid="email-save">
              {status === "none" ? t("emailSet") : t("emailChange")}
            </button>
          </form>
          <fieldset className="email-kinds">
            <legend>{t("emailKinds")}</legend>
            {kindOrder(settings.kinds).map((kind) => (
              <label key={kind} className="switch-line">
                <input
                  type="checkbox"
                  checked={settings.kinds[kind] === true}
                  data-testid={`email-kind-${kind}`}
                  onChange={(e) => {
                    const kinds = withKind(settings.kinds, kind, e.target.checked);
                    const before = settings;
                    setSettings({ ...settings, kinds });
                    void setEmailKinds(token, kinds).then((body) => {
                      if (body.ok) return;
                      setSettings(before);
                      fail(body);
                    });
                  }}
                />{" "}
                {kindWords.has(`kinds.${kind}`) ? kindWords(`kinds.${kind}`) : kind}
              </label>
            ))}
          </fieldset>
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
