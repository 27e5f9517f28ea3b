import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../i18n/page-title";
import { ModPage } from "../../moderation/mod-page";

export async function generateMetadata() {
  const t = await getTranslations("moderation");
  return pageTitle(t("title"));
}

/** Moderators' page (docs/web.md, "Moderation"): the server answers its data to moderators only. */
export default function Moderation() {
  return <ModPage />;
}
