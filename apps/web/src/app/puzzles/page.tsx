import { GAME_IDS } from "@arena/engine/registry";
import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../i18n/page-title";
import { readPuzzleThemes } from "../../net/own-api";
import type { GameThemes } from "../../puzzles/game-themes";
import { PuzzleGames } from "../../puzzles/puzzle-games";
import "../../puzzles/puzzles.css";

export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("puzzles"));
}

/**
 * Every game's themes read while the page renders, so that its list is in the first HTML. A game the API
 * refuses has none; when no game answers at all (no API to ask) it is null, and the browser asks.
 */
async function readGames(): Promise<readonly GameThemes[] | null> {
  const read = await Promise.all(
    GAME_IDS.map(async (gameId) => ({ gameId, themes: await readPuzzleThemes(gameId) })),
  );
  return read.some((game) => game.themes !== null)
    ? read.map(({ gameId, themes }) => ({ gameId, themes: themes ?? [] }))
    : null;
}

export default async function PuzzlesPage() {
  const t = await getTranslations("puzzles");
  return (
    <div className="puzzles-page">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <PuzzleGames initial={await readGames()} />
    </div>
  );
}
