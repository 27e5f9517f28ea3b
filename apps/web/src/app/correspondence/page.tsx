import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../i18n/page-title";
import { CorrespondenceGames } from "../../inbox/correspondence-games";

export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("correspondence"));
}

export default function CorrespondencePage() {
  return <CorrespondenceGames />;
}
