"use client";

import type { LeaderboardEntry } from "@arena/protocol";
import { SPEEDS } from "@arena/protocol/values";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useGameTitle } from "../i18n/use-game-words";
import { fetchLeaderboard } from "../net/players-api";
import { PlayerName } from "../ui/player-name";
import { useGames } from "../net/use-games";

/** The top 100 of each game and speed; only established (non-provisional) ratings are listed. */
export function Leaderboard() {
  const games = useGames();
  const t = useTranslations("leaderboard");
  const common = useTranslations("common");
  const speeds = useTranslations("speeds");
  const titleOf = useGameTitle();
  const [gameId, setGameId] = useState<string | null>(null);
  const [speed, setSpeed] = useState<string>("blitz");
  const [players, setPlayers] = useState<readonly LeaderboardEntry[] | null>(null);
  const game = gameId ?? games?.[0]?.id ?? null;
  useEffect(() => {
    if (game === null) return;
    let live = true;
    void fetchLeaderboard(game, speed).then((answer) => {
      if (live) setPlayers(answer.ok ? answer.players : []);
    });
    return () => {
      live = false;
    };
  }, [game, speed]);
  return (
    <div className="leaderboard" data-testid="leaderboard">
      <h1>{t("title")}</h1>
      <div className="filters">
        <select aria-label={common("game")} value={game ?? ""} onChange={(e) => setGameId(e.target.value)}>
          {(games ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {titleOf(g.id)}
            </option>
          ))}
        </select>
        <select aria-label={t("speed")} value={speed} onChange={(e) => setSpeed(e.target.value)}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {speeds(s)}
            </option>
          ))}
        </select>
      </div>
      <p className="muted small" data-testid="leaderboard-rule">
        {t("rule")}
      </p>
      {players === null ? (
        <p className="muted">{common("loading")}</p>
      ) : players.length === 0 ? (
        <p className="muted" data-testid="leaderboard-empty">
          {t("empty")}
        </p>
      ) : (
        <table className="room-table" aria-label={t("top")}>
          <thead>
            <tr>
              <th>#</th>
              <th>{t("player")}</th>
              <th>{t("rating")}</th>
              <th>{t("games")}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p, i) => (
              <tr key={p.name}>
                <td>{i + 1}</td>
                <td>
                  {/* Only accounts are rated: each is marked as one, as in every list of players. */}
                  <Link href={`/@/${encodeURIComponent(p.name)}`}>
                    <PlayerName label={{ name: p.name, tag: null, account: true }} />
                  </Link>
                </td>
                <td>{p.rating}</td>
                <td>{p.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
