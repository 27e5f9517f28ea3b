import { getTranslations } from "next-intl/server";
import { BoardDemo } from "../../games/board-demo";
import { pageTitle } from "../../i18n/page-title";

export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("boards"));
}

export default function BoardDemoPage() {
  return <BoardDemo />;
}
