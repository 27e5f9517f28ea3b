"use client";

import { GAME_IDS } from "@arena/engine/registry";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useGameTitle } from "../i18n/use-game-words";
import { useArena } from "../net/arena-context";
import { fetchPuzzleThemes } from "../net/puzzles-api";
import { type GameThemes, gamesWithPuzzles } from "./game-themes";

async function fetchAll(token: string): Promise<readonly GameThemes[]> {
  const answers = await Promise.all(
    GAME_IDS.map(async (gameId) => ({ gameId, answer: await fetchPuzzleThemes(gameId, token) })),
  );
  return answers.flatMap(({ gameId, answer }) => (answer.ok ? [{ gameId, themes: answer.themes }] : []));
}

/**
 * The games with puzzles, each opening its trainer in the three modes. `initial` is what the server rendered
 * the page with; without it (the API did not answer the page's render) the browser asks.
 */
export function PuzzleGames({ initial }: { initial: readonly GameThemes[] | null }) {
  const t = useTranslations("puzzles");
  const titleOf = useGameTitle();
  const [games, setGames] = useState(initial === null ? null : gamesWithPuzzles(initial));
  const token = useArena().session?.token;
  useEffect(() => {
    if (initial !== null || token === undefined) return;
    let gone = false;
    void fetchAll(token).then((read) => {
      if (!gone) setGames(gamesWithPuzzles(read));
    });
    return () => {
      gone = true;
    };
  }, [initial, token]);
  if (games === null) return <p className="muted puzzle-games">{t("loading")}</p>;
  if (games.length === 0) return <p className="muted puzzle-games">{t("noGames")}</p>;
  return (
    <ul className="puzzle-games" data-testid="puzzle-games">
      {games.map(({ gameId }) => (
        <li key={gameId} className="panel" data-game={gameId}>
          <h2>
            <Link href={`/puzzles/${gameId}`} data-testid={`puzzle-game-${gameId}`}>
              {titleOf(gameId)}
            </Link>
          </h2>
          <p>
            <Link href={`/puzzles/${gameId}?mode=daily`}>{t("mode.daily")}</Link>
            {" · "}
            <Link href={`/puzzles/${gameId}?mode=streak`}>{t("mode.streak")}</Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
