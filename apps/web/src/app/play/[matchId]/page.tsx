import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { pageTitle } from "../../../i18n/page-title";
import { readMatch } from "../../../net/own-api";
import { Room } from "../../../room/room";
import { sitRequest } from "../../../room/sit-request";

/** Set by the server in front (apps/server/src/web/missing-match.ts) when there is no such match. */
const MISSING_MATCH_HEADER = "x-arena-match";

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
  // A missing match answers 404 with the not-found page, not a room that says so.
  if ((await headers()).get(MISSING_MATCH_HEADER) === "missing") notFound();
  const { matchId } = await params;
  const query = await searchParams;
  const invite = typeof query.invite === "string" ? query.invite : null;
  const id = decodeURIComponent(matchId);
  // The board is the page's largest element: in the first HTML, not after the socket's snapshot.
  const start = await readMatch(id);
  return <Room matchId={id} inviteToken={invite} sit={sitRequest(query.sit)} start={start} />;
}
