import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../../i18n/page-title";
import { Room } from "../../../room/room";
import { sitRequest } from "../../../room/sit-request";

/** The room's title names no game: the page learns the match's game only from the socket. */
export async function generateMetadata() {
  const nav = await getTranslations("nav");
  return pageTitle(nav("game"));
}

export default async function PlayPage({
  params,
  searchParams,
}: {
  params: Promise<{ matchId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { matchId } = await params;
  const query = await searchParams;
  const invite = typeof query.invite === "string" ? query.invite : null;
  return <Room matchId={decodeURIComponent(matchId)} inviteToken={invite} sit={sitRequest(query.sit)} />;
}
