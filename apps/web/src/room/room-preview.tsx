"use client";

import type { Snapshot } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { EMPTY_FEED, receiveSnapshot } from "../net/match-feed";
import { PlayerName } from "../ui/player-name";
import { BoardPanel } from "./board-panel";
import { occupant } from "./room-model";
import { roomView } from "./room-view";
import { RoomTitle } from "./room-title";

const ignoreMove = () => undefined;

/**
 * The room as the server rendered it from `GET /api/matches/<id>`, until the socket's snapshot arrives:
 * the title, the board of the current position (the game's own Board, as the live room draws it, so that
 * nothing moves when the room takes over) and who sits where. Nothing in it can be played; it shows no
 * clock, whose time would differ between the server's render and the browser's.
 */
export function RoomPreview({ snapshot }: { snapshot: Snapshot }) {
  const seatWords = useTranslations("seats");
  const view = useMemo(() => {
    const followed = receiveSnapshot(EMPTY_FEED, snapshot).feed.followed;
    return followed === null ? null : roomView(followed, undefined, seatWords);
  }, [snapshot, seatWords]);
  if (view === null) return null;
  const { model, web } = view;
  return (
    // No `data-status`: what waits for the live room's status waits for the room the socket drives. Inert
    // and hidden from assistive technology: a click or a focus here would be lost when the live room takes
    // over, so keys, clicks and screen readers reach the live room's board only.
    <div className="room" data-testid="room-preview" inert aria-hidden="true">
      <div className="room-board">
        <RoomTitle model={model} viewers={snapshot.viewers} />
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
      </div>
      <aside className="room-side">
        <div className="seats">
          {view.seats.map((seat) => (
            <div key={seat.seat} className={`seat${view.toMove.includes(seat.seat) ? " to-move" : ""}`}>
              <Swatch colour={web.seatColor(seat.seat)} />
              <SeatName who={occupant(seat, view.tags, seatWords)} />
            </div>
          ))}
        </div>
      </aside>
    </div>
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
