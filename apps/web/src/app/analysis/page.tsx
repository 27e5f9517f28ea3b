import { getTranslations } from "next-intl/server";
import { AnalysisBoard } from "../../analysis/board-page";
import { pageTitle } from "../../i18n/page-title";

export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("analysis"));
}

export default async function AnalysisPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const game = typeof query.game === "string" ? query.game : null;
  const position = typeof query.position === "string" ? query.position : null;
  return <AnalysisBoard game={game} position={position} />;
}
