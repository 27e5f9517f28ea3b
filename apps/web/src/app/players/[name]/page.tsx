import { Profile } from "../../../players/profile";

/** A player's profile; served at /@/<name> (next.config.ts rewrites it here). */
export default async function ProfilePage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  return <Profile name={decodeURIComponent(name)} />;
}
