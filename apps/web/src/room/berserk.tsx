"use client";

import { berserkRefusal } from "@arena/match";
import { useTranslations } from "next-intl";
import type { RoomView } from "./room-view";
import type { Commands } from "./use-command";

/**
 * Berserk in an arena that allows it (docs/tournaments.md, "Berserk"): shown to a seated player until their
 * first move, by the same rule the server decides with; the halved clock comes back with the event.
 */
export function BerserkButton({ view, commands }: { view: RoomView; commands: Commands }) {
  const t = useTranslations("berserk");
  const seat = view.mine[0];
  if (seat === undefined || berserkRefusal(view.model, seat) !== null) return null;
  return (
    <button
      type="button"
      className="btn"
      data-testid="berserk"
      title={t("hint")}
      onClick={() => void commands.send("match:berserk", { seat })}
    >
      {t("button")}
    </button>
  );
}

/** The mark by a player who berserked: in the room (from its clock) and in a tournament's pairings. */
export function BerserkMark({ berserked, seat }: { berserked: boolean; seat: number }) {
  const t = useTranslations("berserk");
  if (!berserked) return null;
  return (
    <span
      className="berserk-mark"
      data-testid={`berserk-mark-${seat}`}
      title={t("mark")}
      aria-label={t("mark")}
    >
      {" "}
      ⚔
    </span>
  );
}
