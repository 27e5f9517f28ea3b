"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { failureText } from "../i18n/errors";
import { useArena } from "../net/arena-context";
import { blockPlayer, fetchBlocks, isBlocked, unblockPlayer } from "../net/blocks-api";

/**
 * Block or unblock a player from their profile (docs/web.md, "Blocks"). Accounts only, and only accounts
 * are blocked: a guest sees no button, nor does one's own profile.
 */
export function BlockButton({ name, id }: { name: string; id: string }) {
  const t = useTranslations("blocks");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const { session } = useArena();
  const token = session?.account === undefined ? null : session.token;
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (token === null) return;
    let live = true;
    void fetchBlocks(token).then((body) => {
      if (live && "blocks" in body) setBlocked(isBlocked(body.blocks, name));
    });
    return () => {
      live = false;
    };
  }, [token, name]);

  if (token === null || session?.user.id === id) return null;
  return (
    <p className="block-row">
      <button
        type="button"
        className="btn small"
        data-testid="block"
        aria-pressed={blocked === true}
        disabled={blocked === null || busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          void (blocked === true ? unblockPlayer(token, name) : blockPlayer(token, name)).then((body) => {
            setBusy(false);
            if ("blocks" in body) setBlocked(isBlocked(body.blocks, name));
            else setError(body.code === "quota" ? t("quota") : failureText(errors, locale, body));
          });
        }}
      >
        {blocked === true ? t("unblock") : t("block")}
      </button>
      {blocked === true && (
        <span className="muted" data-testid="block-note">
          {" "}
          {t("blockedNote")}
        </span>
      )}
      {error !== null && (
        <span className="error" role="alert">
          {" "}
          {error}
        </span>
      )}
    </p>
  );
}
