import { pageTitle } from "../../../i18n/page-title";
import { accountHintOfRequest } from "../../../net/account-hint-server";
import { readProfile } from "../../../net/own-api";
import { Profile } from "../../../players/profile";

export async function generateMetadata({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  return pageTitle(decodeURIComponent(name));
}

/** A player's profile; served at /@/<name> (next.config.ts rewrites it here), its content in the first HTML. */
export default async function ProfilePage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const player = decodeURIComponent(name);
  const [start, accountLikely] = await Promise.all([readProfile(player), accountHintOfRequest()]);
  return <Profile name={player} start={start} accountLikely={accountLikely} />;
}
