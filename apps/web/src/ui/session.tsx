"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useArena } from "../net/arena-context";
import { logout } from "../net/players-api";
import { failureText } from "../i18n/errors";
import type { Refusal } from "../room/command-status";
import { AccountForms } from "./account-forms";
import { sanctionText } from "../moderation/sanction-text";
import { AccountMark, PlayerName } from "./player-name";

/**
 * Who this tab is. A guest: its name (which it may change), and "Log in" (or register). An account: its
 * name, linking to its profile, and "Log out".
 */
export function SessionBadge() {
  const { client, session, state } = useArena();
  const t = useTranslations("session");
  const [signingIn, setSigningIn] = useState(false);
  if (session?.account !== undefined) {
    return (
      <div className="session" data-connection={state} data-testid="session-badge" data-account="true">
        <span className={`conn-dot ${state}`} aria-hidden="true" />
        <Link href={`/@/${encodeURIComponent(session.user.name)}`} data-testid="profile-link">
          {session.user.name}
        </Link>
        <AccountMark />
        {session.account.bot && <span className="bot-mark">BOT</span>}
        <button
          type="button"
          className="link-btn"
          data-testid="logout"
          onClick={() => void client?.signOut(logout)}
        >
          {t("logOut")}
        </button>
      </div>
    );
  }
  return (
    <div className="session-wrap">
      <GuestBadge onSignIn={() => setSigningIn(!signingIn)} />
      {signingIn && <AccountForms onDone={() => setSigningIn(false)} />}
    </div>
  );
}

function GuestBadge({ onSignIn }: { onSignIn: () => void }) {
  const { client, session, state } = useArena();
  const t = useTranslations("session");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState("");
  // The button's name is its visible text (the guest's name) then "Change name" (WCAG 2.5.3, label in name).
  const [nameId, actionId] = [useId(), useId()];
  const [error, setError] = useState<Refusal | null>(null);
  useEffect(() => {
    if (session !== null && !editing) setName(session.user.name);
  }, [session, editing]);
  return (
    <div className="session" data-connection={state} data-testid="session-badge" data-account="false">
      <span className={`conn-dot ${state}`} aria-hidden="true" />
      {editing ? (
        <form
          className="name-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (client === null) return;
            void client.rename(name).then((ack) => {
              if (ack.ok) {
                setEditing(false);
                setError(null);
              } else setError(ack);
            });
          }}
        >
          <input
            aria-label={t("yourName")}
            value={name}
            maxLength={24}
            autoFocus
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn small">
            {t("save")}
          </button>
          {error !== null && <span className="error">{failureText(errors, locale, error)}</span>}
        </form>
      ) : (
        <button
          type="button"
          id={nameId}
          className="link-btn"
          onClick={() => setEditing(true)}
          aria-labelledby={`${nameId} ${actionId}`}
        >
          {session === null ? (
            state === "connected" ? (
              "…"
            ) : (
              t("offline")
            )
          ) : (
            <PlayerName label={{ name: session.user.name, tag: null }} />
          )}
        </button>
      )}
      <span id={actionId} hidden>
        {t("changeName")}
      </span>
      <button type="button" className="link-btn" data-testid="sign-in" onClick={onSignIn}>
        {t("logIn")}
      </button>
    </div>
  );
}

/** Shown while the socket is down; pages resync by themselves when it comes back. */
export function ConnectionBanner() {
  const { state, connectCount, client } = useArena();
  const t = useTranslations("session");
  const moderation = useTranslations("moderation");
  const locale = useLocale();
  if (state === "connected" || (state === "connecting" && connectCount === 0)) return null;
  // A banned browser is refused: the ban's reason and end instead (docs/web.md, "Moderation").
  const banned = client?.sanction == null ? null : sanctionText(moderation, locale, client.sanction);
  if (banned !== null) {
    return (
      <div className="banner warn" role="alert" data-testid="ban-banner">
        {banned}
      </div>
    );
  }
  return (
    <div className="banner warn" role="status" data-testid="connection-banner">
      {state === "offline" && connectCount === 0 ? t("cannotReach") : t("connectionLost")}
    </div>
  );
}
