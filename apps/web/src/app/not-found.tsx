import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { pageTitle } from "../i18n/page-title";

export async function generateMetadata() {
  const t = await getTranslations("notFound");
  return pageTitle(t("title"));
}

/** Any address the app has no page for, in the reader's language. */
export default async function NotFound() {
  const t = await getTranslations("notFound");
  const common = await getTranslations("common");
  return (
    <div className="panel" data-testid="not-found">
      <h1>{t("title")}</h1>
      <p className="muted">{t("text")}</p>
      <Link href="/">{common("backToLobby")}</Link>
    </div>
  );
}
