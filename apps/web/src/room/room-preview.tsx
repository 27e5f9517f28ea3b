"use client";

import type { Snapshot } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { EMPTY_FEED, receiveSnapshot } from "../net/match-feed";
import { PlayerName } from "../ui/player-name";
import { BoardPanel } from "./board-panel";
import { BoardTools } from "./board-tools";
import { occupant } from "./room-model";
import { RoomShell } from "./room-shell";
import { RoomTitle } from "./room-title";
import { type RoomView, roomView } from "./room-view";
import type { Words } from "../i18n/words";

const ignoreMove = () => undefined;
const ignore = () => undefined;

/** The room as the page's server render read it (`GET /api/matches/<id>`), or null without one. */
export function usePreviewView(snapshot: Snapshot | null): RoomView | null {
  const seatWords = useTranslations("seats");
  return useMemo(() => {
    if (snapshot === null) return null;
    const followed = receiveSnapshot(EMPTY_FEED, snapshot).feed.followed;
    return followed === null ? null : roomView(followed, undefined, seatWords);
  }, [snapshot, seatWords]);
}

/**
 * The room until the socket's snapshot arrives: the title, the board of the current position (the game's own
 * Board, in the same `RoomShell` slot as the live room's) and who sits where. Nothing in it can be played; it
 * shows no clock, whose time would differ between the server's render and the browser's. A function, not a
 * component: the room returns its `RoomShell` element itself, so that React keeps the nodes when the live
 * room takes over (a component of its own would be another element type, replaced whole).
 */
export function roomPreview(view: RoomView, viewers: number, seatWords: Words) {
  const { model, web } = view;
  return (
    <RoomShell
      live={null}
      title={<RoomTitle model={model} viewers={viewers} />}
      notices={null}
      board={
        <BoardPanel
          web={web}
          state={model.state}
          lastMove={model.moves.at(-1)?.move ?? null}
          interactive={false}
          viewerSeat={null}
          hint={null}
          flipped={false}
          premove={undefined}
          onMove={ignoreMove}
        />
      }
      // The live room's tools, inert here, so that the side below the board stays where it will be.
      tools={
        <BoardTools
          flipped={false}
          onFlip={ignore}
          replay={null}
          total={model.moves.length}
          onLive={ignore}
          premove={null}
          dropped={null}
        />
      }
      side={
        <div className="seats">
          {view.seats.map((seat) => (
            <div key={seat.seat} className={`seat${view.toMove.includes(seat.seat) ? " to-move" : ""}`}>
              <Swatch colour={web.seatColor(seat.seat)} />
              <SeatName who={occupant(seat, view.tags, seatWords)} />
            </div>
          ))}
        </div>
      }
    />
  );
}

/**
 * A seat's colour, set from script: a `style` attribute in the server's HTML is inline style, which the
 * pages' CSP refuses (lib/csp.ts); React's own style updates go through the DOM and pass.
 */
function Swatch({ colour }: { colour: string }) {
  const paint = useCallback(
    (span: HTMLSpanElement | null) => {
      if (span !== null) span.style.background = colour;
    },
    [colour],
  );
  return <span ref={paint} className="swatch" aria-hidden="true" />;
}

/** A seat's occupant named as the live room names it: a guest's default name in the page's language. */
function SeatName({ who }: { who: ReturnType<typeof occupant> }) {
  return <span className="seat-name">{typeof who === "string" ? who : <PlayerName label={who} />}</span>;
}
