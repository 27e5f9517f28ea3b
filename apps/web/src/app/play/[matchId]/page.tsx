import { Room } from "../../../room/room";

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
  return <Room matchId={decodeURIComponent(matchId)} inviteToken={invite} />;
}
