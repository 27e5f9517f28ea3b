"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { notify } from "./browser-notify";
import { tabInbox } from "./use-inbox";

/**
 * A browser notification for each tournament invitation new to the tab while the page is hidden
 * (docs/web.md, "My games"); tagged by tournament, so the pushes repeated on each connect never stack.
 */
export function InvitationSignals() {
  const t = useTranslations("myGames");
  useEffect(
    () =>
      tabInbox.onTournamentInvitation((invitation) => {
        if (!document.hidden) return;
        const body = t("tournamentNotifyBody", {
          creator: invitation.createdBy.name,
          tournament: invitation.name,
        });
        notify(t("tournamentNotifyTitle"), body, `tournament:${invitation.id}`);
      }),
    [t],
  );
  return null;
}
