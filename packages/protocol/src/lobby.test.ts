import { describe, expect, it } from "vitest";
import { asMatchId, asMillis, asUserId, asVersion } from "./ids.js";
import {
  applyLobbyChange,
  LOBBY_PAGE_MAX,
  LobbyCursor,
  lobbyOrder,
  lobbyPage,
  LobbyQuery,
  type LobbyPage,
} from "./lobby.js";
import { type RoomSummary } from "./model.js";

function room(id: string, createdAt: number, gameId = "othello", status: "waiting" | "live" = "waiting") {
  const summary: RoomSummary = {
    matchId: asMatchId(id),
    createdAt: asMillis(createdAt),
    gameId,
    status,
    timeControl: { baseMs: 60_000, incrementMs: 0 },
    rated: false,
    start: null,
    host: { id: asUserId("u_host"), name: "Host" },
    seats: [],
    openSeats: 1,
    viewers: 0,
    version: asVersion(1),
  };
  return summary;
}

/** 45 rooms, one a second, every third a live Connect-k game; two created in the same millisecond. */
const rooms = [
  ...Array.from({ length: 44 }, (_, i) =>
    room(
      `m_${String(i).padStart(2, "0")}`,
      1_000 * i,
      i % 3 === 0 ? "connect-k" : "othello",
      i % 3 === 0 ? "live" : "waiting",
    ),
  ),
  room("m_43b", 43_000),
].sort(lobbyOrder);

const query = (input: unknown) => LobbyQuery.parse(input);

describe("lobby pages", () => {
  it("lists the newest first, breaking ties by id", () => {
    expect(rooms.slice(0, 3).map((r) => r.matchId)).toEqual(["m_43", "m_43b", "m_42"]);
  });

  it("pages by cursor through every room of a filter exactly once", () => {
    const seen: string[] = [];
    let page: LobbyPage = lobbyPage(rooms, query({ status: "waiting", limit: 7 }));
    for (;;) {
      expect(page.rooms.length).toBeLessThanOrEqual(7);
      expect(page.total).toBe(30);
      seen.push(...page.rooms.map((r) => r.matchId));
      if (page.next === null) break;
      page = lobbyPage(rooms, query({ status: "waiting", limit: 7, after: page.next }));
    }
    expect(seen).toEqual(rooms.filter((r) => r.status === "waiting").map((r) => r.matchId));
  });

  it("keeps a cursor's place when rooms before it come and go", () => {
    const first = lobbyPage(rooms, query({ limit: 10 }));
    const next = first.next ?? LobbyCursor.parse("0~m_00");
    const before = lobbyPage(rooms, query({ limit: 10, after: next }));
    const changed = [room("m_new", 99_000), ...rooms.filter((r) => r.matchId !== "m_43")].sort(lobbyOrder);
    expect(lobbyPage(changed, query({ limit: 10, after: next })).rooms).toEqual(before.rooms);
  });

  it("filters by game and bounds what one page can pull", () => {
    const page = lobbyPage(rooms, query({ gameId: "connect-k" }));
    expect(page.total).toBe(15);
    expect(page.rooms.every((r) => r.gameId === "connect-k" && r.status === "live")).toBe(true);
    expect(LobbyQuery.safeParse({ limit: LOBBY_PAGE_MAX + 1 }).success).toBe(false);
    expect(LobbyQuery.safeParse({ after: "12~m 1" }).success).toBe(false);
    expect(LobbyQuery.safeParse({ status: "finished" }).success).toBe(false);
  });

  it("brings a client's copy of its page to the server's with a change", () => {
    const q = query({ status: "waiting", limit: 5 });
    const before = lobbyPage(rooms, q);
    const moved = { ...room("m_40", 40_000), viewers: 3 };
    const after = [room("m_50", 50_000), ...rooms.filter((r) => r.matchId !== "m_41")]
      .map((r) => (r.matchId === moved.matchId ? moved : r))
      .sort(lobbyOrder);
    const now = lobbyPage(after, q);
    const copy = applyLobbyChange(before.rooms, {
      view: "waiting",
      updated: now.rooms.filter((r) => !before.rooms.includes(r)),
      removed: before.rooms
        .filter((r) => !now.rooms.some((n) => n.matchId === r.matchId))
        .map((r) => r.matchId),
      next: now.next,
      total: now.total,
    });
    expect(copy).toEqual(now.rooms);
  });
});
