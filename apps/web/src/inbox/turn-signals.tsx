"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useGameTitle } from "../i18n/use-game-words";
import { playSound } from "../lib/sound";
import { matchOfPath } from "../net/client";
import { notify } from "./browser-notify";
import { opponentsText } from "./opponents";
import { tabInbox, useInbox } from "./use-inbox";

/**
 * "Your turn" signals on every page (docs/web.md, "My games"): the tab's title while any game of the
 * user's waits for their move, and for each new turn a short sound (unless Mute, or the game is on screen,
 * where the room sounds its moves) and, while the page is hidden, one browser notification.
 */
export function TurnSignals() {
  const t = useTranslations("myGames");
  const titleOf = useGameTitle();
  const { games } = useInbox();
  const myTurn = games.some((held) => held.game.myTurn);
  const marked = t("titleYourTurn");

  useEffect(() => {
    // The page's own title (Next.js sets it on each navigation) is kept aside while ours shows.
    let own = document.title === marked ? "" : document.title;
    const apply = () => {
      if (document.title !== marked) own = document.title;
      const wanted = myTurn ? marked : own;
      if (wanted !== "" && document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      if (document.title === marked && own !== "") document.title = own;
    };
  }, [myTurn, marked]);

  useEffect(
    () =>
      tabInbox.onTurn((game) => {
        const onScreen = matchOfPath(window.location.pathname) === game.matchId;
        if (!onScreen || document.hidden) playSound("turn");
        if (document.hidden) {
          const body = t("notifyBody", { game: titleOf(game.gameId), opponent: opponentsText(game, t) });
          notify(t("notifyTitle"), body, `turn:${game.matchId}`);
        }
      }),
    [t, titleOf],
  );
  return null;
}
