import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../i18n/page-title";
import { SettingsPage } from "../../settings/settings-page";

export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("settings"));
}

export default function Settings() {
  return <SettingsPage />;
}
