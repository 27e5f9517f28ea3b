import { pageTitle } from "../../../i18n/page-title";
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
  return <Profile name={player} start={await readProfile(player)} />;
}
