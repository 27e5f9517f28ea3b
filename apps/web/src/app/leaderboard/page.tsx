import { Leaderboard } from "../../players/leaderboard";

export default function LeaderboardPage() {
  return <Leaderboard />;
}
