import { Lobby } from "../lobby/lobby";
import { readPools } from "../net/own-api";
import { FollowingStrip } from "../social/following-strip";

export default async function Home() {
  // The quick-pairing grid sits above the room lists: drawn at once, it cannot push them down later.
  const pools = await readPools();
  return (
    <>
      <FollowingStrip />
      <Lobby pools={pools} />
    </>
  );
}
