"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useArena } from "../net/arena-context";
import { fetchModMe } from "../net/moderation-api";

/** The header's link to `/mod`, for moderators only (docs/web.md, "Moderation"): asked once per session. */
export function ModLink() {
  const t = useTranslations("moderation");
  const { session } = useArena();
  const token = session?.account === undefined ? null : session.token;
  const [moderator, setModerator] = useState(false);
  useEffect(() => {
    setModerator(false);
    if (token === null) return;
    let live = true;
    void fetchModMe(token).then((me) => {
      if (live) setModerator(me.ok && me.moderator);
    });
    return () => {
      live = false;
    };
  }, [token]);
  if (!moderator) return null;
  return (
    <Link href="/mod" data-testid="mod-link">
      {t("title")}
    </Link>
  );
}
