import { BoardDemo } from "../../games/board-demo";

export const metadata = { title: "Boards · Arena" };

export default function BoardDemoPage() {
  return <BoardDemo />;
}
