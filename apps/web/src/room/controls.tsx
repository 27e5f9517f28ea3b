"use client";

import { choicePlies, pliesUntilDrawOffer } from "@arena/match";
import { isCorrespondence } from "@arena/protocol/values";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { isMuted, setMuted } from "../lib/sound";
import { BerserkButton } from "./berserk";
import { ClaimCountdown } from "./claim-countdown";
import type { RoomView } from "./room-view";
import { TakebackButtons } from "./takeback";
import type { Commands } from "./use-command";

function playPath(matchId: string): string {
  return `/play/${encodeURIComponent(matchId)}`;
}

/** A player's buttons: resign, draw, abort, claim while live; rematch after the end; sound always. */
export function Controls({ view, commands, offset }: { view: RoomView; commands: Commands; offset: number }) {
  const { model } = view;
  const over = model.status === "finished" || model.status === "aborted";
  return (
    <div className="actions">
      {view.live && view.mine.length > 0 && <LiveControls view={view} commands={commands} offset={offset} />}
      {over && <AfterControls view={view} commands={commands} />}
      <SoundToggle />
    </div>
  );
}

function LiveControls({ view, commands, offset }: { view: RoomView; commands: Commands; offset: number }) {
  const t = useTranslations("controls");
  const seat = view.mine[0];
  // Presence never counts anyone gone in correspondence (docs/clocks.md): no claim, no countdown to one.
  const claims = !isCorrespondence(view.model.timeControl);
  const goneOpponent =
    claims && view.seats.some((s) => s.kind === "human" && s.gone && !view.mine.includes(s.seat));
  return (
    <>
      <BerserkButton view={view} commands={commands} />
      <ResignButton seat={seat} commands={commands} />
      {view.seats.length === 2 && <DrawButtons view={view} commands={commands} />}
      <TakebackButtons view={view} commands={commands} />
      {choicePlies(view.model) < 2 && (
        <button type="button" className="btn" onClick={() => void commands.send("match:abort", { seat })}>
          {t("abort")}
        </button>
      )}
      {goneOpponent && (
        <button
          type="button"
          className="btn primary"
          onClick={() => void commands.send("match:claim", { kind: "win", seat })}
        >
          {t("claimVictory")}
        </button>
      )}
      {claims && <ClaimCountdown view={view} offset={offset} />}
    </>
  );
}

function ResignButton({ seat, commands }: { seat: number | undefined; commands: Commands }) {
  const t = useTranslations("controls");
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className="btn" onClick={() => setConfirming(true)}>
        {t("resign")}
      </button>
    );
  }
  return (
    <span className="confirm">
      {t("resignConfirm")}{" "}
      <button
        type="button"
        className="btn danger small"
        onClick={() => {
          setConfirming(false);
          void commands.send("match:resign", { seat });
        }}
      >
        {t("yesResign")}
      </button>{" "}
      <button type="button" className="btn small" onClick={() => setConfirming(false)}>
        {t("cancel")}
      </button>
    </span>
  );
}

function DrawButtons({ view, commands }: { view: RoomView; commands: Commands }) {
  const t = useTranslations("controls");
  const { drawOffers } = view.model;
  const seat = view.mine[0];
  const offeredByMe = seat !== undefined && drawOffers.includes(seat);
  const offeredToMe = drawOffers.some((s) => !view.mine.includes(s));
  // One offer per 20 plies (docs/protocol.md, "Draws"): the button says when the next may be made.
  const wait = seat === undefined ? 0 : pliesUntilDrawOffer(view.model, seat);
  if (offeredToMe) {
    return (
      <span className="confirm">
        {t("drawOffered")}{" "}
        <button
          type="button"
          className="btn small primary"
          onClick={() => void commands.send("match:draw-accept", { seat })}
        >
          {t("acceptDraw")}
        </button>{" "}
        <button
          type="button"
          className="btn small"
          onClick={() => void commands.send("match:draw-decline", { seat })}
        >
          {t("decline")}
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      className="btn"
      disabled={offeredByMe || wait > 0}
      onClick={() => void commands.send("match:draw-offer", { seat })}
    >
      {offeredByMe ? t("drawOffered") : wait > 0 ? t("offerDrawIn", { count: wait }) : t("offerDraw")}
    </button>
  );
}

function AfterControls({ view, commands }: { view: RoomView; commands: Commands }) {
  const t = useTranslations("controls");
  const router = useRouter();
  const { nextMatchId, rematchOffers } = view.model;
  const offeredByMe = view.mine.some((s) => rematchOffers.includes(s));
  return (
    <>
      {nextMatchId !== null ? (
        <Link className="btn primary" href={playPath(nextMatchId)}>
          {t("goToRematch")}
        </Link>
      ) : (
        view.mine.length > 0 && (
          <button
            type="button"
            className="btn primary"
            disabled={offeredByMe}
            onClick={() =>
              void commands.send("match:rematch", {}).then((ack) => {
                if (ack.ok && ack.nextMatchId !== null) router.push(playPath(ack.nextMatchId));
              })
            }
          >
            {offeredByMe ? t("rematchOffered") : rematchOffers.length > 0 ? t("acceptRematch") : t("rematch")}
          </button>
        )
      )}
      <Link className="btn" href="/">
        {t("lobby")}
      </Link>
    </>
  );
}

function SoundToggle() {
  const t = useTranslations("controls");
  const [muted, setMutedState] = useState(false);
  useEffect(() => setMutedState(isMuted()), []);
  return (
    <button
      type="button"
      className="btn small"
      aria-pressed={muted}
      onClick={() => {
        setMuted(!muted);
        setMutedState(!muted);
      }}
    >
      {muted ? t("soundOff") : t("soundOn")}
    </button>
  );
}
