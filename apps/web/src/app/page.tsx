import { Lobby } from "../lobby/lobby";

export default function Home() {
  return <Lobby />;
}
