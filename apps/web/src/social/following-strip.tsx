"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFollows } from "../net/use-follows";

/**
 * The lobby's "Following" strip (docs/web.md, "Follows"): the players this account follows, online ones
 * first, each with a link to their profile and, while they play, to watch their game. Guests follow
 * nobody: nothing is shown to them here (the profile's button says why).
 */
export function FollowingStrip() {
  const t = useTranslations("follows");
  const { players } = useFollows();
  if (players === null) return null;
  const shown = [...players].sort(
    (a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name),
  );
  return (
    <section className="panel following-strip" aria-labelledby="following-title" data-testid="following">
      <h2 id="following-title">{t("title")}</h2>
      {shown.length === 0 ? (
        <p className="muted">{t("none")}</p>
      ) : (
        <ul className="following-list">
          {shown.map((player) => (
            <li key={player.id} data-testid="followed" data-name={player.name} data-online={player.online}>
              <span
                className={player.online ? "presence online" : "presence offline"}
                role="img"
                aria-label={player.online ? t("online") : t("offline")}
              />
              <Link href={`/@/${encodeURIComponent(player.name)}`}>{player.name}</Link>
              {player.playing !== null && (
                <Link
                  className="btn small"
                  data-testid="watch-followed"
                  href={`/play/${encodeURIComponent(player.playing)}`}
                >
                  {t("watch")}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
