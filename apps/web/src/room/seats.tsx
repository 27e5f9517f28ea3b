"use client";

import type { RatingView, SeatView } from "@arena/protocol";
import { isBerserk } from "@arena/match";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useGameWords } from "../i18n/use-game-words";
import { ratingLabel } from "../net/players-api";
import { useArena } from "../net/arena-context";
import { useRatings } from "../net/use-ratings";
import { inviteLink } from "../lobby/create-model";
import { PlayerName } from "../ui/player-name";
import { ReportButton } from "../moderation/report-button";
import { occupant } from "./room-model";
import type { RoomView } from "./room-view";
import { BerserkMark } from "./berserk";
import { CorrespondenceLine } from "./correspondence-line";
import { SeatClock } from "./seat-clock";
import type { Commands } from "./use-command";

export interface SeatsProps {
  readonly view: RoomView;
  /** Server time − local time. */
  readonly offset: number;
  readonly commands: Commands;
  /** The room's invite secret, if this viewer has it (the host, or a player who came by the link). */
  readonly invite: string | undefined;
  readonly isHost: boolean;
  /** The level "Add computer" seats; null until the server's game list is known. */
  readonly aiLevel: number | null;
  readonly onFlag: () => void;
}

/** The seats: who sits where, presence, clocks, and sitting down, leaving and inviting before the start. */
export function Seats({ view, offset, commands, invite, isHost, aiLevel, onFlag }: SeatsProps) {
  const { model, web, mine } = view;
  const waiting = model.status === "waiting";
  const words = useGameWords(model.gameId);
  const ratings = useRatings(
    model.gameId,
    model.timeControl,
    view.seats.flatMap((seat) => (seat.kind === "human" ? [seat.user.id] : [])),
  );
  return (
    <div className="seats">
      {view.seats.map((seat) => (
        <div
          key={seat.seat}
          className={`seat${view.toMove.includes(seat.seat) ? " to-move" : ""}${mine.includes(seat.seat) ? " mine" : ""}`}
          data-seat={seat.seat}
          data-testid={`seat-${seat.seat}`}
        >
          <span className="swatch" style={{ background: web.seatColor(seat.seat) }} aria-hidden="true" />
          <SeatName
            seat={seat}
            tags={view.tags}
            label={web.seatName(seat.seat, words)}
            toMove={view.toMove.includes(seat.seat)}
            rating={seat.kind === "human" ? ratings[seat.user.id] : undefined}
          />
          <BerserkMark berserked={isBerserk(model.clock, seat.seat)} seat={seat.seat} />
          {model.clock !== null && (
            <SeatClock
              clock={model.clock}
              seat={seat.seat}
              offset={offset}
              live={view.live}
              label={web.seatName(seat.seat, words)}
              mine={mine.includes(seat.seat)}
              onFlag={onFlag}
            />
          )}
          {model.clock !== null && (
            <CorrespondenceLine
              timeControl={model.timeControl}
              clock={model.clock}
              seat={seat.seat}
              live={view.live}
              offset={offset}
              label={web.seatName(seat.seat, words)}
            />
          )}
          {waiting && (
            <SeatActions
              seat={seat}
              view={view}
              commands={commands}
              invite={invite}
              isHost={isHost}
              aiLevel={aiLevel}
            />
          )}
        </div>
      ))}
      {waiting && <Invite view={view} commands={commands} invite={invite} isHost={isHost} />}
    </div>
  );
}

function SeatName({
  seat,
  tags,
  label,
  toMove,
  rating,
}: {
  seat: SeatView;
  tags: ReadonlyMap<string, string>;
  label: string;
  toMove: boolean;
  /** The player's rating in this game's pool: only accounts have one, and their names link to profiles. */
  rating: RatingView | undefined;
}) {
  const t = useTranslations("seats");
  const who = occupant(seat, tags, t);
  const name = typeof who === "string" ? who : <PlayerName label={who} />;
  return (
    <span className="seat-name">
      {rating !== undefined && seat.kind === "human" ? (
        <>
          <Link href={`/@/${encodeURIComponent(seat.user.name)}`}>{name}</Link>{" "}
          <span className="rating" data-testid={`seat-rating-${seat.seat}`}>
            ({ratingLabel(rating)})
          </span>
        </>
      ) : (
        name
      )}
      <span className="muted"> · {label}</span>
      {seat.kind === "human" && (
        <>
          <span
            className={`presence ${seat.connected ? "online" : "offline"}`}
            title={seat.connected ? t("online") : t("offline")}
            role="img"
            aria-label={seat.connected ? t("online") : seat.gone ? t("gone") : t("offline")}
          />
          {!seat.connected && (
            <span className="muted" data-testid={`presence-${seat.seat}`}>
              {" "}
              {seat.gone ? t("goneNote") : t("offlineNote")}
            </span>
          )}
          {seat.eliminated && <span className="muted"> {t("out")}</span>}
          {/* Reports are of accounts (docs/web.md, "Reports"); the button hides itself for oneself. */}
          {seat.user.account === true && (
            <>
              {" "}
              <ReportButton name={seat.user.name} id={seat.user.id} compact />
            </>
          )}
        </>
      )}
      {toMove && <span className="turn-flag"> {t("toMove")}</span>}
    </span>
  );
}

/** Before the start: sit in an open seat (an invite-only one with the link), leave, or add the computer. */
function SeatActions({
  seat,
  view,
  commands,
  invite,
  isHost,
  aiLevel,
}: {
  seat: SeatView;
  view: RoomView;
  commands: Commands;
  invite: string | undefined;
  isHost: boolean;
  aiLevel: number | null;
}) {
  const { mine } = view;
  const t = useTranslations("seats");
  const { session } = useArena();
  // A seat invited by name is its invitee's alone; another invite-only seat needs the link.
  const invited =
    seat.kind === "invite" &&
    (seat.invitee === undefined ? invite !== undefined : seat.invitee.id === session?.user.id);
  const canSit = mine.length === 0 && (seat.kind === "open" || invited);
  return (
    <>
      {canSit && (
        <button
          type="button"
          className="btn small primary"
          onClick={() =>
            void commands.send("room:join-seat", {
              seat: seat.seat,
              ...(invite === undefined ? {} : { inviteToken: invite }),
            })
          }
        >
          {t("sitHere")}
        </button>
      )}
      {mine.includes(seat.seat) && (
        <button
          type="button"
          className="btn small"
          onClick={() => void commands.send("room:leave-seat", { seat: seat.seat })}
        >
          {t("leave")}
        </button>
      )}
      {isHost && seat.kind === "open" && (
        <button
          type="button"
          className="btn small"
          disabled={aiLevel === null}
          onClick={() => {
            if (aiLevel !== null) void commands.send("room:set-ai", { seat: seat.seat, level: aiLevel });
          }}
        >
          {t("addComputer")}
        </button>
      )}
    </>
  );
}

function Invite({
  view,
  commands,
  invite,
  isHost,
}: {
  view: RoomView;
  commands: Commands;
  invite: string | undefined;
  isHost: boolean;
}) {
  const t = useTranslations("seats");
  const [copied, setCopied] = useState(false);
  const link =
    typeof window === "undefined" ? "" : inviteLink(window.location.origin, view.model.matchId, invite);
  return (
    <div className="invite">
      <label>
        {t("inviteLink")}
        <input aria-label={t("inviteLink")} readOnly value={link} onFocus={(e) => e.target.select()} />
      </label>
      <button
        type="button"
        className="btn small"
        onClick={() => {
          void navigator.clipboard?.writeText(link).then(() => setCopied(true));
        }}
      >
        {copied ? t("copied") : t("copy")}
      </button>
      {isHost && (
        <button type="button" className="btn small" onClick={() => void commands.send("room:cancel", {})}>
          {t("cancelGame")}
        </button>
      )}
    </div>
  );
}
