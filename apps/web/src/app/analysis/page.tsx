import { AnalysisBoard } from "../../analysis/board-page";

export const metadata = { title: "Analysis board · Arena" };

export default async function AnalysisPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const game = typeof query.game === "string" ? query.game : null;
  const position = typeof query.position === "string" ? query.position : null;
  return <AnalysisBoard game={game} position={position} />;
}
