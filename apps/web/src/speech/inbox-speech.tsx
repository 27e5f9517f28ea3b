"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useGameTitle } from "../i18n/use-game-words";
import { invitationKey, tournamentKey } from "../inbox/inbox";
import { useInbox } from "../inbox/use-inbox";

/**
 * Announces each invitation new to the page (a game seat, a tournament): the ones the tab held when the
 * page opened are in the notification list already.
 */
export function InboxSpeech({ announce }: { announce: (text: string) => void }) {
  const t = useTranslations("speech");
  const titleOf = useGameTitle();
  const { invitations, tournaments } = useInbox();
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    const keys = [...invitations.map(invitationKey), ...tournaments.map(tournamentKey)];
    if (known.current === null) {
      known.current = new Set(keys);
      return;
    }
    const seen = known.current;
    for (const invitation of invitations) {
      if (seen.has(invitationKey(invitation))) continue;
      announce(t("invitation", { host: invitation.host.name, game: titleOf(invitation.gameId) }));
    }
    for (const invitation of tournaments) {
      if (seen.has(tournamentKey(invitation))) continue;
      announce(
        t("tournamentInvitation", { creator: invitation.createdBy.name, tournament: invitation.name }),
      );
    }
    for (const key of keys) seen.add(key);
  }, [invitations, tournaments, announce, t, titleOf]);
  return null;
}
