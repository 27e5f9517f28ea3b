"use client";

import { isCorrespondence } from "@arena/protocol/values";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useGameTitle } from "../i18n/use-game-words";
import { formatClock, formatTimeControl } from "../lib/clock";
import { clockAt, type HeldGame } from "./inbox";
import { Opponents } from "./opponents";
import { useInbox } from "./use-inbox";
import { useNow } from "./use-now";
import "./inbox.css";

/** The user's live correspondence games, in the list's order (your turn first, then the latest change). */
export function correspondenceGames(games: readonly HeldGame[]): HeldGame[] {
  return games.filter((held) => isCorrespondence(held.game.timeControl));
}

/**
 * "My correspondence games" (docs/web.md, "Correspondence"): each with its time control, whose turn it is
 * and the user's time left, your-turn games first; from the `games:list` the user's channel sends on every
 * connect, kept current by `games:game`.
 */
export function CorrespondenceGames() {
  const t = useTranslations("myGames");
  const titleOf = useGameTitle();
  const games = correspondenceGames(useInbox().games);
  // Days and hours: a redraw a minute is plenty.
  const now = useNow(
    games.some((held) => held.game.clock?.running === true),
    60_000,
  );
  return (
    <section className="panel correspondence-games" aria-labelledby="correspondence-title">
      <h2 id="correspondence-title">{t("correspondence")}</h2>
      {games.length === 0 ? (
        <p className="muted" data-testid="correspondence-empty">
          {t("noCorrespondence")}
        </p>
      ) : (
        <ul className="playing-list" data-testid="correspondence-list">
          {games.map((held) => {
            const { game } = held;
            const clock = clockAt(held, now);
            return (
              <li key={game.matchId}>
                <Link
                  href={`/play/${encodeURIComponent(game.matchId)}`}
                  className={`game-chip${game.myTurn ? " my-turn" : ""}`}
                  data-testid="correspondence-game"
                  data-match={game.matchId}
                  data-my-turn={game.myTurn}
                >
                  <span className="chip-game">{titleOf(game.gameId)}</span>
                  <span className="chip-control">{formatTimeControl(game.timeControl)}</span>
                  <span className="chip-opponents">
                    <Opponents game={game} />
                  </span>
                  <span className="chip-turn" data-testid="correspondence-turn">
                    {game.myTurn ? t("yourTurn") : t("theirTurn")}
                  </span>
                  {clock !== null && (
                    <span className="chip-clock" data-testid="correspondence-clock">
                      {t("timeLeft", { time: formatClock(clock) })}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
