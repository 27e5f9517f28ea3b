import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../../i18n/page-title";
import { TournamentPage } from "../../../tournaments/tournament-page";
import "../tournaments.css";

/** The title names the page's kind: the tournament's name comes from the socket. */
export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("tournament"));
}

export default async function Tournament({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TournamentPage id={decodeURIComponent(id)} />;
}
