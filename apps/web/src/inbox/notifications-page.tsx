"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { markNotificationsRead } from "../net/account-api";
import { useArena } from "../net/arena-context";
import { notificationHref, unreadIds } from "./saved";
import { tabSaved, useNotificationText, useSaved } from "./saved-feed";
import "./inbox.css";

/**
 * The saved notifications (docs/web.md, "Notifications"), newest first, each with its line and a link to its
 * match or tournament. What the page shows unread it marks read at once, and keeps marked "new" until left.
 */
export function NotificationsPage() {
  const t = useTranslations("notifications");
  const locale = useLocale();
  const { session } = useArena();
  const token = session?.token ?? null;
  const list = useSaved();
  const textOf = useNotificationText();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const unread = unreadIds(list);
  const unreadKey = unread.join(",");

  useEffect(() => {
    if (token === null || unreadKey === "") return;
    const ids = unreadKey.split(",");
    setFresh((before) => new Set([...before, ...ids]));
    tabSaved.read(ids);
    void markNotificationsRead(token, ids);
  }, [token, unreadKey]);

  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="panel notifications-page" aria-labelledby="notifications-title">
      <div className="notifications-head">
        <h2 id="notifications-title">{t("title")}</h2>
        <button
          type="button"
          className="btn small"
          data-testid="mark-all-read"
          disabled={token === null || list.length === 0}
          onClick={() => {
            if (token === null) return;
            setFresh(new Set());
            tabSaved.read();
            void markNotificationsRead(token);
          }}
        >
          {t("markAllRead")}
        </button>
      </div>
      {list.length === 0 ? (
        <p className="muted" data-testid="notifications-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className="saved-list" data-testid="notifications-list">
          {list.map((n) => {
            const isNew = !n.read || fresh.has(n.id);
            const href = notificationHref(n);
            return (
              <li
                key={n.id}
                className={`saved-item${isNew ? " unread" : ""}`}
                data-testid="saved-notification"
                data-kind={n.kind}
                data-unread={isNew}
              >
                {isNew && (
                  <span className="unread-mark" data-testid="unread-mark">
                    {t("new")}
                  </span>
                )}
                <span className="saved-text">{textOf(n)}</span>
                <time className="muted" dateTime={new Date(n.createdAt).toISOString()}>
                  {when.format(n.createdAt)}
                </time>
                {href !== null && (
                  <Link className="btn small primary" href={href} data-testid="saved-link">
                    {n.matchId === undefined ? t("openTournament") : t("openGame")}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
