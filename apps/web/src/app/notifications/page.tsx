import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../i18n/page-title";
import { NotificationsPage } from "../../inbox/notifications-page";

export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("notifications"));
}

export default function Notifications() {
  return <NotificationsPage />;
}
