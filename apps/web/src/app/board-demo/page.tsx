import { BoardDemo } from "../../board/board-demo";

export const metadata = { title: "Boards · Arena" };

export default function BoardDemoPage() {
  return <BoardDemo />;
}
