import { pageTitle } from "../../../i18n/page-title";
import { Profile } from "../../../players/profile";

export async function generateMetadata({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  return pageTitle(decodeURIComponent(name));
}

/** A player's profile; served at /@/<name> (next.config.ts rewrites it here). */
export default async function ProfilePage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  return <Profile name={decodeURIComponent(name)} />;
}
