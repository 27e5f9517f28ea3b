"use client";

import type { Notification } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useGameTitle } from "../i18n/use-game-words";
import { fetchNotifications } from "../net/account-api";
import { useArena } from "../net/arena-context";
import { useDisplayName } from "../ui/player-name";
import { notify } from "./browser-notify";
import { NOTIFICATION_TEXT, notifiesBrowser, SavedNotifications, type SavedList } from "./saved";

/** The tab's saved notifications (docs/web.md, "Notifications"). */
export const tabSaved = new SavedNotifications();

const subscribe = (listener: () => void) => tabSaved.subscribe(listener);
const snapshot = () => tabSaved.current;

export function useSaved(): SavedList {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The words of a notification's line: "Your turn against Bea in Othello". */
export function useNotificationText(): (n: Notification) => string {
  const t = useTranslations("notifications");
  const titleOf = useGameTitle();
  const nameOf = useDisplayName();
  return useCallback(
    (n) =>
      t(NOTIFICATION_TEXT[n.kind], {
        name: n.from === undefined ? t("someone") : nameOf({ name: n.from.name, tag: null }),
        game: n.gameId === undefined ? t("aGame") : titleOf(n.gameId),
      }),
    [t, titleOf, nameOf],
  );
}

/**
 * Reads the user's saved notifications on each session and adds each `notification` event of their channel;
 * one arriving while the page is hidden raises a browser notification (but "your turn": TurnSignals does).
 */
export function SavedNotificationsFeed() {
  const { client, session } = useArena();
  const token = session?.token ?? null;
  const t = useTranslations("notifications");
  const textOf = useNotificationText();

  useEffect(() => {
    if (token === null) return;
    let live = true;
    void fetchNotifications(token).then((body) => {
      if (live && "notifications" in body) tabSaved.loaded(body.notifications);
    });
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (client === null) return;
    const socket = client.socket;
    const onNotification = (n: Notification) => {
      tabSaved.arrived(n);
      if (document.hidden && notifiesBrowser(n)) notify(t("browserTitle"), textOf(n), `note:${n.id}`);
    };
    socket.on("notification", onNotification);
    return () => {
      socket.off("notification", onNotification);
    };
  }, [client, t, textOf]);
  return null;
}
