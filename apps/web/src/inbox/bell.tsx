"use client";

import type { MatchId } from "@arena/protocol";
import { usePathname, useRouter } from "next/navigation";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { failureText } from "../i18n/errors";
import { useGameTitle } from "../i18n/use-game-words";
import { formatClock, formatTimeControl } from "../lib/clock";
import { labelOf } from "../lib/names";
import { useArena } from "../net/arena-context";
import { type ArenaClient, matchOfPath } from "../net/client";
import { PlayerName } from "../ui/player-name";
import { notifyPermission, notifyWanted, setNotifyWanted, type NotifyPermission } from "./browser-notify";
import { clockAt, type Notice, notices } from "./inbox";
import { unreadBesidesLive, unreadCount } from "./saved";
import { useSaved } from "./saved-feed";
import { Opponents } from "./opponents";
import { tabInbox, useInbox } from "./use-inbox";
import "./inbox.css";

const NO_TAGS: ReadonlyMap<string, string> = new Map();

/**
 * The notification list on every page (docs/web.md, "My games"): a bell with the count, opening the
 * invitations to a seat (accept or decline) and to a tournament (open or dismiss), rematch offers (accept)
 * and "your turn" in games not on screen.
 */
export function NotificationBell() {
  const state = useInbox();
  const t = useTranslations("myGames");
  const pathname = usePathname();
  const list = notices(state, matchOfPath(pathname));
  // The saved notifications not read yet count too, but for kinds the bell lists live, once (docs/web.md,
  // "Notifications"); their page lists them all.
  const saved = useSaved();
  const unread = unreadCount(saved);
  const count = list.length + unreadBesidesLive(saved);
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="bell-wrap">
      <button
        type="button"
        className={`bell${count > 0 ? " has-news" : ""}`}
        aria-label={t("bell", { count })}
        aria-expanded={open}
        aria-controls="bell-list"
        data-testid="bell"
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {count > 0 && (
          <span className="bell-count" data-testid="bell-count">
            {count}
          </span>
        )}
      </button>
      {open && (
        <div
          className="bell-list"
          id="bell-list"
          role="region"
          aria-label={t("notifications")}
          data-testid="bell-list"
        >
          {count === 0 ? (
            <p className="muted">{t("empty")}</p>
          ) : list.length === 0 ? null : (
            <ul>
              {list.map((notice) => (
                <NoticeItem key={notice.key} notice={notice} close={() => setOpen(false)} />
              ))}
            </ul>
          )}
          <Link
            className="bell-all"
            href="/notifications"
            data-testid="bell-all"
            onClick={() => setOpen(false)}
          >
            {t("allNotifications", { count: unread })}
          </Link>
          <NotifySwitch />
        </div>
      )}
    </div>
  );
}

function NoticeItem({ notice, close }: { notice: Notice; close: () => void }) {
  const t = useTranslations("myGames");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const titleOf = useGameTitle();
  const router = useRouter();
  const { client } = useArena();
  const [error, setError] = useState<string | null>(null);
  const go = (matchId: string, query = "") => {
    close();
    router.push(`/play/${encodeURIComponent(matchId)}${query}`);
  };
  switch (notice.kind) {
    case "invitation": {
      const { invitation } = notice;
      return (
        <li className="notice" data-testid="notice-invitation" data-match={invitation.matchId}>
          <span>
            <PlayerName label={labelOf(invitation.host, NO_TAGS)} />{" "}
            {t("invites", {
              game: titleOf(invitation.gameId),
              time: formatTimeControl(invitation.timeControl),
            })}
          </span>
          <span className="notice-actions">
            <button
              type="button"
              className="btn small primary"
              onClick={() => {
                tabInbox.dismiss(notice.key);
                // The room takes the invited seat as it opens, with the version it loads (one click).
                go(invitation.matchId, `?sit=${invitation.seat}`);
              }}
            >
              {t("accept")}
            </button>
            <button
              type="button"
              className="btn small"
              disabled={client === null}
              onClick={() => {
                if (client === null) return;
                tabInbox.dismiss(notice.key);
                void decline(client, invitation.matchId, invitation.seat);
              }}
            >
              {t("decline")}
            </button>
          </span>
        </li>
      );
    }
    case "tournament": {
      const { invitation } = notice;
      return (
        <li className="notice" data-testid="notice-tournament" data-tournament={invitation.id}>
          <span>
            <PlayerName label={{ name: invitation.createdBy.name, tag: null, account: true }} />{" "}
            {t("invitesToTournament", { tournament: invitation.name })}
          </span>
          <span className="notice-actions">
            <Link
              className="btn small primary"
              href={`/tournaments/${encodeURIComponent(invitation.id)}`}
              onClick={() => {
                tabInbox.dismiss(notice.key);
                close();
              }}
            >
              {t("open")}
            </Link>
            <button type="button" className="btn small" onClick={() => tabInbox.dismiss(notice.key)}>
              {t("dismiss")}
            </button>
          </span>
        </li>
      );
    }
    case "rematch": {
      const { offer } = notice;
      return (
        <li className="notice" data-testid="notice-rematch" data-match={offer.matchId}>
          <span>
            <PlayerName label={labelOf(offer.from, NO_TAGS)} />{" "}
            {t("rematchOffer", { game: titleOf(offer.gameId) })}
          </span>
          <span className="notice-actions">
            <button
              type="button"
              className="btn small primary"
              disabled={client === null}
              onClick={() => {
                if (client === null) return;
                void client.request("match:rematch", { matchId: offer.matchId }).then((ack) => {
                  if (!ack.ok) {
                    setError(failureText(errors, locale, ack));
                    return;
                  }
                  tabInbox.dismiss(notice.key);
                  go(ack.nextMatchId ?? offer.matchId);
                });
              }}
            >
              {t("accept")}
            </button>
          </span>
          {error !== null && (
            <span className="error" role="alert">
              {error}
            </span>
          )}
        </li>
      );
    }
    case "turn": {
      const { game } = notice;
      return (
        <li className="notice" data-testid="notice-turn" data-match={game.matchId}>
          <span>
            {t("turnIn", { game: titleOf(game.gameId) })} <Opponents game={game} />{" "}
            <TimeLeft matchId={game.matchId} />
          </span>
          <span className="notice-actions">
            <Link
              className="btn small primary"
              href={`/play/${encodeURIComponent(game.matchId)}`}
              onClick={close}
            >
              {t("open")}
            </Link>
          </span>
        </li>
      );
    }
  }
}

/** The user's time left in a game of the list, as of this render ("1d 23h left" in correspondence). */
function TimeLeft({ matchId }: { matchId: string }) {
  const t = useTranslations("myGames");
  const held = useInbox().games.find((g) => g.game.matchId === matchId);
  const clock = held === undefined ? null : clockAt(held, performance.now());
  if (clock === null) return null;
  return (
    <span className="chip-clock" data-testid="notice-time-left">
      {t("timeLeft", { time: formatClock(clock) })}
    </span>
  );
}

/**
 * Declines an invitation: the seat is freed for the host (invite-only again). The command names the version
 * it was based on, which watching the room for a moment gives.
 */
async function decline(client: ArenaClient, matchId: MatchId, seat: number): Promise<void> {
  const watched = await client.request("match:watch", { matchId });
  if (!watched.ok) return;
  await client.request("room:decline", { matchId, version: watched.snapshot.version, seat });
  await client.request("match:unwatch", { matchId });
}

/** Browser notifications while the tab is hidden: off until switched on here (the browser asks then). */
export function NotifySwitch() {
  const t = useTranslations("myGames");
  const [on, setOn] = useState(false);
  const [permission, setPermission] = useState<NotifyPermission>("unsupported");
  useEffect(() => {
    setPermission(notifyPermission());
    setOn(notifyWanted() && notifyPermission() === "granted");
  }, []);
  if (permission === "unsupported") return null;
  return (
    <div className="notify-switch">
      <label>
        <input
          type="checkbox"
          checked={on}
          data-testid="notify-switch"
          onChange={(e) => {
            const wanted = e.target.checked;
            void setNotifyWanted(wanted).then((result) => {
              setOn(result);
              setPermission(notifyPermission());
            });
          }}
        />{" "}
        {t("browserNotify")}
      </label>
      {permission === "denied" && <p className="muted">{t("notifyBlocked")}</p>}
    </div>
  );
}
