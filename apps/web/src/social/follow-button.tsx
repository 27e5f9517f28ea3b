"use client";

import { useLocale, useTranslations } from "next-intl";
import { failureText } from "../i18n/errors";
import { useArena } from "../net/arena-context";
import { useFollows } from "../net/use-follows";

/**
 * Follow or unfollow a player from their profile (docs/web.md, "Follows"). Accounts only: a guest sees the
 * button disabled with the reason beside it; one's own profile has none.
 */
export function FollowButton({ name, id }: { name: string; id: string }) {
  const t = useTranslations("follows");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const { session, state } = useArena();
  const { players, refusal, set } = useFollows();
  // Until the session is known the row keeps its place, unseen, so the profile does not shift under it.
  if (session === null) {
    return (
      <p className="follow-row pending" aria-hidden="true">
        <button type="button" className="btn small" disabled tabIndex={-1}>
          {t("follow")}
        </button>
      </p>
    );
  }
  if (session.user.id === id) return null;
  if (session.account === undefined) {
    return (
      <p className="follow-row">
        <button
          type="button"
          className="btn small"
          data-testid="follow"
          disabled
          aria-describedby="follow-why"
        >
          {t("follow")}
        </button>{" "}
        <span id="follow-why" className="muted" data-testid="follow-why">
          {t("guestWhy")}
        </span>
      </p>
    );
  }
  const following = players?.some((player) => player.id === id) ?? false;
  return (
    <p className="follow-row">
      <button
        type="button"
        className={following ? "btn small" : "btn small primary"}
        data-testid="follow"
        aria-pressed={following}
        disabled={players === null || state !== "connected"}
        onClick={() => void set(name, !following)}
      >
        {following ? t("unfollow") : t("follow")}
      </button>
      {refusal !== null && (
        <span className="error" role="alert">
          {" "}
          {refusal.code === "quota" ? t("quota") : failureText(errors, locale, refusal)}
        </span>
      )}
    </p>
  );
}
