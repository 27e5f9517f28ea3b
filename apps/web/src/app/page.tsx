import { Lobby } from "../lobby/lobby";
import { FollowingStrip } from "../social/following-strip";

export default function Home() {
  return (
    <>
      <FollowingStrip />
      <Lobby />
    </>
  );
}
