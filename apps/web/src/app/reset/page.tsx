import { getTranslations } from "next-intl/server";
import { ResetPage } from "../../account-data/reset-page";
import { pageTitle } from "../../i18n/page-title";

export async function generateMetadata() {
  const t = await getTranslations("accountData");
  return pageTitle(t("resetTitle"));
}

/** Password reset (docs/web.md, "Password reset"): `/reset` asks for the name, `/reset?token=` for the new password. */
export default async function Reset({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  return <ResetPage token={typeof query.token === "string" ? query.token : null} />;
}
