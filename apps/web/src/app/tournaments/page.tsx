import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../i18n/page-title";
import { TournamentsPage } from "../../tournaments/tournaments-page";
import "./tournaments.css";

export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("tournaments"));
}

export default function Tournaments() {
  return <TournamentsPage />;
}
