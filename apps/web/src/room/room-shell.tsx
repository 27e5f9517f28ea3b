import type { ReactNode } from "react";

/**
 * The room's frame, one element tree for the server-rendered preview and the live room: in the same places
 * React keeps the preview's nodes (the board above all) when the socket's snapshot arrives, instead of
 * painting the room anew (docs/web.md, "Light pages"). Each slot is one child, so the slots keep their places
 * whichever are empty.
 */
export function RoomShell({
  live,
  title,
  notices,
  board,
  tools,
  side,
}: {
  /** Null for the preview; the live room's status and game, which tests and styles read. */
  live: { readonly status: string; readonly gameId: string } | null;
  title: ReactNode;
  notices: ReactNode;
  board: ReactNode;
  tools: ReactNode;
  side: ReactNode;
}) {
  // The preview is inert and hidden from assistive technology: a click or a focus there would be lost when
  // the live room takes over. It has no `data-status`: what waits for a status waits for the live room.
  const attributes =
    live === null
      ? ({ "data-testid": "room-preview", inert: true, "aria-hidden": true } as const)
      : { "data-status": live.status, "data-game": live.gameId };
  return (
    <div className="room" {...attributes}>
      <div className="room-board">
        {title}
        {notices}
        {board}
        {tools}
      </div>
      <aside className="room-side">{side}</aside>
    </div>
  );
}
