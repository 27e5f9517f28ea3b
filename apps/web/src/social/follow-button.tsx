"use client";

import { useLocale, useTranslations } from "next-intl";
import { failureText } from "../i18n/errors";
import { useArena } from "../net/arena-context";
import { useFollows } from "../net/use-follows";

/**
 * Follow or unfollow a player from their profile (docs/web.md, "Follows"). Accounts only: a guest sees the
 * button disabled with the reason beside it; one's own profile has none. `accountLikely`: this browser last
 * held an account's session (net/account-hint.ts).
 */
export function FollowButton({
  name,
  id,
  accountLikely = false,
}: {
  name: string;
  id: string;
  accountLikely?: boolean;
}) {
  const t = useTranslations("follows");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const { session, state } = useArena();
  const { players, refusal, set } = useFollows();
  // Until the session is known a guest's row is drawn, as the server rendered it: a browser that has held
  // no account is most likely a guest's, and its row is then painted once, in the first HTML. A browser that
  // held one keeps the guest row's place unseen, so that the profile does not shift under it.
  if (session === null || session.account === undefined) {
    const pending = session === null && accountLikely;
    return (
      <p className={pending ? "follow-row pending" : "follow-row"} aria-hidden={pending || undefined}>
        <button
          type="button"
          className="btn small"
          data-testid={pending ? undefined : "follow"}
          disabled
          tabIndex={pending ? -1 : undefined}
          aria-describedby={pending ? undefined : "follow-why"}
        >
          {t("follow")}
        </button>{" "}
        <span
          id={pending ? undefined : "follow-why"}
          className="muted"
          data-testid={pending ? undefined : "follow-why"}
        >
          {t("guestWhy")}
        </span>
      </p>
    );
  }
  if (session.user.id === id) return null;
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
