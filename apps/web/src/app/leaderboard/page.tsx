import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../i18n/page-title";
import { Leaderboard } from "../../players/leaderboard";

export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("leaderboard"));
}

export default function LeaderboardPage() {
  return <Leaderboard />;
}
