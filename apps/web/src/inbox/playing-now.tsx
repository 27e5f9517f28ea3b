"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useGameTitle } from "../i18n/use-game-words";
import { formatClock, isUrgent } from "../lib/clock";
import { matchOfPath } from "../net/client";
import { clockAt } from "./inbox";
import { Opponents } from "./opponents";
import { useInbox } from "./use-inbox";
import { useNow } from "./use-now";
import "./inbox.css";

/**
 * "Playing now" (docs/web.md, "My games"): every live game of the user's, your-turn games first, with whose
 * turn it is and the user's clock; one click opens the room. In the header (a strip, shown while there are
 * games) and in the lobby (a panel, `#playing-now`).
 */
export function PlayingNow({ place }: { place: "header" | "lobby" }) {
  const { games } = useInbox();
  const t = useTranslations("myGames");
  const titleOf = useGameTitle();
  const onScreen = matchOfPath(usePathname());
  const now = useNow(games.some((held) => held.game.clock?.running === true));
  if (games.length === 0) return null;
  return (
    <section
      className={`playing-now in-${place}${place === "lobby" ? " panel" : ""}`}
      aria-labelledby={`playing-now-${place}`}
      data-testid={`playing-now-${place}`}
      {...(place === "lobby" ? { id: "playing-now" } : {})}
    >
      <h2 id={`playing-now-${place}`} className="playing-title">
        {t("playingNow")}
      </h2>
      {
        <ul className="playing-list">
          {games.map((held) => {
            const { game } = held;
            const clock = clockAt(held, now);
            return (
              <li key={game.matchId}>
                <Link
                  href={`/play/${encodeURIComponent(game.matchId)}`}
                  className={`game-chip${game.myTurn ? " my-turn" : ""}${onScreen === game.matchId ? " current" : ""}`}
                  title={t("resume", { game: titleOf(game.gameId) })}
                  data-testid="playing-game"
                  data-match={game.matchId}
                  data-my-turn={game.myTurn}
                >
                  <span className="chip-game">{titleOf(game.gameId)}</span>
                  <span className="chip-opponents">
                    <Opponents game={game} />
                  </span>
                  <span className="chip-turn" data-testid="playing-turn">
                    {game.myTurn ? t("yourTurn") : t("theirTurn")}
                  </span>
                  {clock !== null && (
                    <span
                      className={`chip-clock${game.clock?.running === true ? " running" : ""}${isUrgent(clock) ? " urgent" : ""}`}
                      data-testid="playing-clock"
                    >
                      {formatClock(clock)}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      }
    </section>
  );
}
