"use client";

import { type LeaderboardEntry, SPEEDS } from "@arena/protocol";
import Link from "next/link";
import { useEffect, useState } from "react";
import { fetchLeaderboard } from "../net/players-api";
import { useGames } from "../net/use-games";

/** The top 100 of each game and speed; only established (non-provisional) ratings are listed. */
export function Leaderboard() {
  const games = useGames();
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
      <h1>Leaderboard</h1>
      <div className="filters">
        <select aria-label="Game" value={game ?? ""} onChange={(e) => setGameId(e.target.value)}>
          {(games ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </select>
        <select aria-label="Speed" value={speed} onChange={(e) => setSpeed(e.target.value)}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <p className="muted small" data-testid="leaderboard-rule">
        Only established ratings are listed: a rating is provisional (shown with "?") until its deviation
        falls to 110 or below, which takes about 15 rated games.
      </p>
      {players === null ? (
        <p className="muted">Loading…</p>
      ) : players.length === 0 ? (
        <p className="muted" data-testid="leaderboard-empty">
          No established players yet in this game and speed.
        </p>
      ) : (
        <table className="room-table" aria-label="Top players">
          <thead>
            <tr>
              <th>#</th>
              <th>Player</th>
              <th>Rating</th>
              <th>Games</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p, i) => (
              <tr key={p.name}>
                <td>{i + 1}</td>
                <td>
                  <Link href={`/@/${encodeURIComponent(p.name)}`}>{p.name}</Link>
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
