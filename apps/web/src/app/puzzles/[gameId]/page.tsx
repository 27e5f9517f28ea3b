import { isGameId } from "@arena/engine/registry";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { GAMES_NAMESPACE } from "../../../i18n/namespaces";
import { pageTitle } from "../../../i18n/page-title";
import { TrainerPage } from "../../../puzzles/trainer-page";
import { trainerModeOf } from "../../../puzzles/trainer-model";
import "../../../puzzles/puzzles.css";

type Props = {
  params: Promise<{ gameId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props) {
  const { gameId } = await params;
  if (!isGameId(gameId)) return {};
  const t = await getTranslations("puzzles");
  const games = await getTranslations(GAMES_NAMESPACE);
  return pageTitle(t("gameTitle", { game: games(`${gameId}.title`) }));
}

/** A game's puzzle trainer (docs/web.md, "Puzzles"): `?mode=daily|streak` (rated otherwise), `?theme=`. */
export default async function PuzzleTrainerPage({ params, searchParams }: Props) {
  const { gameId } = await params;
  if (!isGameId(gameId)) notFound();
  const query = await searchParams;
  const mode = trainerModeOf(typeof query.mode === "string" ? query.mode : null);
  const theme = typeof query.theme === "string" && query.theme !== "" ? query.theme : null;
  return <TrainerPage gameId={gameId} mode={mode} theme={theme} />;
}
