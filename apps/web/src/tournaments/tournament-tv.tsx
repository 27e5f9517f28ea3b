"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { useGameWords } from "../i18n/use-game-words";
import { useArena } from "../net/arena-context";
import { useMatch } from "../net/use-match";
import { BoardPanel } from "../room/board-panel";
import { roomView } from "../room/room-view";
import { SeatClock } from "../room/seat-clock";

const ignore = () => undefined;

/**
 * The tournament's small TV (docs/web.md, "Tournaments"): its top game, followed as a spectator through
 * the room's own feed (`useMatch`: snapshot, then pushed events) and drawn read-only with both names and
 * clocks. The page keys it by match, so a new top game is a new subscription. A click opens the room.
 * `names`: the entrants by seat as the standings name them ("AI level 1 #2"), where the room would say
 * "Computer (level 1)" for both of two AI entrants of a level.
 */
export function TournamentTv({ matchId, names }: { matchId: string; names?: readonly string[] }) {
  const { session } = useArena();
  const seatWords = useTranslations("seats");
  const t = useTranslations("tournamentLive");
  const router = useRouter();
  const match = useMatch(matchId, null);
  const view = useMemo(
    () => (match.followed === null ? null : roomView(match.followed, session?.user.id, seatWords)),
    [match.followed, session?.user.id, seatWords],
  );
  const words = useGameWords(view?.model.gameId ?? "");
  if (view === null) return <p className="muted">{t("tvLoading")}</p>;
  const { model, web } = view;
  const open = () => router.push(`/play/${encodeURIComponent(matchId)}`);
  return (
    <div className="tv" data-testid="tv" data-match={matchId} data-version={model.version}>
      <div className="tv-seats">
        {view.seats.map((seat) => (
          <div
            key={seat.seat}
            className={`tv-seat${view.toMove.includes(seat.seat) ? " to-move" : ""}`}
            data-testid={`tv-seat-${seat.seat}`}
          >
            <span className="swatch" style={{ background: web.seatColor(seat.seat) }} aria-hidden="true" />
            <bdi dir="auto" className="tv-name" data-testid="tv-name">
              {names?.[seat.seat] ?? view.players[seat.seat]}
            </bdi>
            {model.clock !== null && (
              <SeatClock
                clock={model.clock}
                seat={seat.seat}
                offset={match.offset}
                live={view.live}
                label={web.seatName(seat.seat, words)}
                mine={false}
                onFlag={ignore}
              />
            )}
          </div>
        ))}
      </div>
      {/* The board is read-only: a click anywhere on it opens the room, as the link below does. */}
      <div
        className="tv-board"
        data-testid="tv-board"
        title={t("tvOpen")}
        onClick={open}
        onKeyDown={(event) => {
          if (event.key === "Enter") open();
        }}
        role="link"
        tabIndex={0}
        aria-label={t("tvOpen")}
      >
        <BoardPanel
          web={web}
          state={model.state}
          lastMove={model.moves.at(-1)?.move ?? null}
          interactive={false}
          viewerSeat={null}
          hint={null}
          onMove={ignore}
          flipped={false}
          premove={undefined}
        />
      </div>
    </div>
  );
}
