"use client";

import { pliesUntilTakeback, takebacksAllowed } from "@arena/match";
import { useTranslations } from "next-intl";
import type { RoomView } from "./room-view";
import type { Commands } from "./use-command";

/**
 * Takeback in a casual game (docs/protocol.md, "Takebacks"): ask, or answer the opponent's request. Rated
 * games show nothing; the server refuses them anyway (`takeback-rated`).
 */
export function TakebackButtons({ view, commands }: { view: RoomView; commands: Commands }) {
  const t = useTranslations("roomTools");
  const { model } = view;
  const seat = view.mine[0];
  if (seat === undefined || !takebacksAllowed(model)) return null;
  const askedByMe = model.takebackAsks.includes(seat);
  const askedOfMe = model.takebackAsks.some((s) => !view.mine.includes(s));
  if (askedOfMe) {
    return (
      <span className="confirm" data-testid="takeback-asked">
        {t("takebackAsked")}{" "}
        <button
          type="button"
          className="btn small primary"
          onClick={() => void commands.send("match:takeback-accept", { seat })}
        >
          {t("takebackAccept")}
        </button>{" "}
        <button
          type="button"
          className="btn small"
          onClick={() => void commands.send("match:takeback-decline", { seat })}
        >
          {t("takebackDecline")}
        </button>
      </span>
    );
  }
  const played = model.moves.toArray().some((m) => m.seat === seat && !m.forced);
  const wait = pliesUntilTakeback(model, seat);
  return (
    <button
      type="button"
      className="btn"
      disabled={askedByMe || !played || wait > 0}
      onClick={() => void commands.send("match:takeback-ask", { seat })}
    >
      {askedByMe ? t("takebackPending") : t("takeback")}
    </button>
  );
}
