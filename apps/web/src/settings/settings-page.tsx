"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { NotifySwitch } from "../inbox/bell";
import { useArena } from "../net/arena-context";
import { AccountForms } from "../ui/account-forms";
import { ClosePanel } from "../account-data/close-panel";
import { DataPanel } from "../account-data/data-panel";
import { BlocksPanel } from "./blocks-panel";
import { EmailPanel } from "./email-panel";
import { PasswordPanel } from "./password-panel";
import { SessionsPanel } from "./sessions-panel";
import { VacationPanel } from "./vacation-panel";
import "./settings.css";

/**
 * The account's settings (docs/web.md, "Settings"): vacation, e-mail, sessions, password, blocked
 * players, browser notifications, the account's data to download, and closing it. A guest is
 * told they are for accounts, with the sign-in forms one click away.
 */
export function SettingsPage() {
  const t = useTranslations("settings");
  const { session } = useArena();
  const [signingIn, setSigningIn] = useState(false);
  // A password change ends the other sessions: the list is read again.
  const [passwordChanges, setPasswordChanges] = useState(0);
  return (
    <div className="settings-page">
      <h2>{t("title")}</h2>
      {session === null ? null : session.account === undefined ? (
        <section className="panel settings-section" data-testid="settings-guest">
          <p>{t("forAccounts")}</p>
          <button
            type="button"
            className="btn primary"
            data-testid="settings-sign-in"
            onClick={() => setSigningIn(!signingIn)}
          >
            {t("signIn")}
          </button>
          {signingIn && <AccountForms onDone={() => setSigningIn(false)} />}
        </section>
      ) : (
        <>
          <VacationPanel token={session.token} />
          <EmailPanel token={session.token} />
          <section
            className="panel settings-section"
            aria-labelledby="browser-title"
            data-testid="browser-settings"
          >
            <h3 id="browser-title">{t("browserTitle")}</h3>
            <NotifySwitch />
          </section>
          <SessionsPanel key={passwordChanges} token={session.token} />
          <PasswordPanel token={session.token} onChanged={() => setPasswordChanges((n) => n + 1)} />
          <BlocksPanel token={session.token} />
          <DataPanel token={session.token} />
          <ClosePanel token={session.token} />
        </>
      )}
    </div>
  );
}
