"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { failureText } from "../i18n/errors";
import { type BlockedPlayer, fetchBlocks, unblockPlayer } from "../net/blocks-api";
import type { ApiFailure } from "../net/players-api";

/**
 * Blocked players (docs/web.md, "Settings"): whom the account blocks, since when, each with Unblock.
 * Players are blocked from their profiles.
 */
export function BlocksPanel({ token }: { token: string }) {
  const t = useTranslations("blocks");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [blocks, setBlocks] = useState<readonly BlockedPlayer[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void fetchBlocks(token).then((body) => {
      if (!live) return;
      if ("blocks" in body) setBlocks(body.blocks);
      else setError(failureText(errors, locale, body));
    });
    return () => {
      live = false;
    };
  }, [token, errors, locale]);

  const answered = (body: { readonly blocks: readonly BlockedPlayer[] } | ApiFailure) => {
    setBusy(false);
    if ("blocks" in body) setBlocks(body.blocks);
    else setError(failureText(errors, locale, body));
  };
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  return (
    <section className="panel settings-section" aria-labelledby="blocks-title" data-testid="blocks-settings">
      <h3 id="blocks-title">{t("title")}</h3>
      <p className="muted">{t("help")}</p>
      {blocks !== null && blocks.length === 0 && (
        <p className="muted" data-testid="blocks-none">
          {t("none")}
        </p>
      )}
      {blocks !== null && blocks.length > 0 && (
        <ul className="blocks-list" data-testid="blocks-list">
          {blocks.map((blocked) => (
            <li key={blocked.name} data-testid={`blocked-${blocked.name}`}>
              <a href={`/players/${encodeURIComponent(blocked.name)}`}>{blocked.name}</a>{" "}
              <span className="muted">{t("since", { since: when.format(new Date(blocked.since)) })}</span>{" "}
              <button
                type="button"
                className="btn small"
                disabled={busy}
                data-testid={`unblock-${blocked.name}`}
                onClick={() => {
                  setBusy(true);
                  setError(null);
                  void unblockPlayer(token, blocked.name).then(answered);
                }}
              >
                {t("unblock")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
