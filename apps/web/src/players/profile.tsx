"use client";

import type { HistoryEntry, RatingPoint, UserResponse } from "@arena/protocol";
import Link from "next/link";
import { useEffect, useState } from "react";
import { gameTitle } from "../games/registry";
import { fetchHistory, fetchRatingHistory, fetchUser, ratingLabel } from "../net/players-api";
import { RatingChart } from "./rating-chart";

type User = UserResponse["user"];

/** A player's profile: ratings per game and speed with their history chart, record, and games (newest first). */
export function Profile({ name }: { name: string }) {
  const [user, setUser] = useState<User | null | "missing">(null);
  const [points, setPoints] = useState<readonly RatingPoint[]>([]);
  const [pool, setPool] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([fetchUser(name), fetchRatingHistory(name)]).then(([answer, history]) => {
      if (!live) return;
      setUser(answer.ok ? answer.user : "missing");
      if (history.ok) setPoints(history.points);
    });
    return () => {
      live = false;
    };
  }, [name]);
  if (user === null) return <p className="muted">Loading…</p>;
  if (user === "missing") return <p className="error">No player is called {name}.</p>;
  const pools = Object.entries(user.ratings).flatMap(([gameId, speeds]) =>
    Object.entries(speeds).map(([speed, rating]) => ({ gameId, speed, rating })),
  );
  const shown = pool ?? (pools[0] === undefined ? null : `${pools[0].gameId} ${pools[0].speed}`);
  const shownPoints = points.filter((p) => `${p.gameId} ${p.speed}` === shown);
  return (
    <div className="profile" data-testid="profile">
      <h1>
        {user.name} {user.bot && <span className="bot-mark">BOT</span>}
      </h1>
      <p data-testid="record">
        {user.record.wins} wins · {user.record.draws} draws · {user.record.losses} losses
      </p>
      <h2>Ratings</h2>
      {pools.length === 0 ? (
        <p className="muted">No rated games yet.</p>
      ) : (
        <table className="room-table" aria-label="Ratings">
          <thead>
            <tr>
              <th>Game</th>
              <th>Speed</th>
              <th>Rating</th>
              <th>Games</th>
            </tr>
          </thead>
          <tbody>
            {pools.map(({ gameId, speed, rating }) => (
              <tr
                key={`${gameId} ${speed}`}
                className={shown === `${gameId} ${speed}` ? "on" : ""}
                onClick={() => setPool(`${gameId} ${speed}`)}
              >
                <td>{gameTitle(gameId)}</td>
                <td>{speed}</td>
                <td data-testid={`rating-${gameId}-${speed}`} title={`RD ${rating.rd}`}>
                  {ratingLabel(rating)}
                </td>
                <td>{rating.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shownPoints.length > 0 && <RatingChart points={shownPoints} label={shown ?? ""} />}
      <p className="muted small">A rating with "?" is provisional: its deviation (RD) is above 110.</p>
      <h2>Games</h2>
      <History name={user.name} />
    </div>
  );
}

function History({ name }: { name: string }) {
  const [page, setPage] = useState(1);
  const [games, setGames] = useState<readonly HistoryEntry[]>([]);
  const [more, setMore] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchHistory(name, page).then((answer) => {
      if (!live || !answer.ok) return;
      setGames(answer.games);
      setMore(answer.more);
    });
    return () => {
      live = false;
    };
  }, [name, page]);
  if (games.length === 0 && page === 1) return <p className="muted">No finished games yet.</p>;
  return (
    <>
      <table className="room-table" aria-label="Games" data-testid="history">
        <thead>
          <tr>
            <th>When</th>
            <th>Game</th>
            <th>Against</th>
            <th>Result</th>
            <th>Rating</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {games.map((game) => (
            <tr key={game.matchId} data-match={game.matchId}>
              <td>{new Date(game.endedAt).toLocaleString()}</td>
              <td>
                {gameTitle(game.gameId)} · {game.speed}
                {game.rated ? " · rated" : ""}
              </td>
              <td>{game.opponents.join(", ")}</td>
              <td>{game.outcome}</td>
              <td>
                {game.ratingBefore !== null && game.ratingAfter !== null
                  ? `${game.ratingAfter} (${game.ratingAfter >= game.ratingBefore ? "+" : "\u2212"}${Math.abs(game.ratingAfter - game.ratingBefore)})`
                  : ""}
              </td>
              <td>
                <Link href={`/play/${encodeURIComponent(game.matchId)}`}>Replay</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pager">
        <button type="button" className="btn small" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Newer
        </button>
        <span className="muted"> page {page} </span>
        <button type="button" className="btn small" disabled={!more} onClick={() => setPage(page + 1)}>
          Older
        </button>
      </div>
    </>
  );
}
