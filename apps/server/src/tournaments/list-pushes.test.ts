import { TournamentId, type TournamentSummary } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { LIST_PUSH_MS, ListPushes } from "./list-pushes.js";

const row = (id: string, players: number, status: TournamentSummary["status"] = "waiting") => ({
  id: TournamentId.parse(`t_${id.padEnd(9, "0")}`),
  name: id,
  gameId: "othello",
  format: "arena" as const,
  status,
  timeControl: { baseMs: 60_000, incrementMs: 0 },
  players,
  maxPlayers: 500,
  invitationOnly: false,
  createdBy: "Ada",
  startsAt: null,
  startedAt: null,
});

function pushes() {
  const clock = new FakeClock();
  const sent: [string, number, string][] = [];
  const list = new ListPushes(clock, (s) => sent.push([s.name, s.players, s.status]));
  return { clock, sent, list };
}

describe("the tournaments list's pushes", () => {
  it("sends a burst of joins as the first row at once and the newest at the window's end", () => {
    const { clock, sent, list } = pushes();
    list.changed(row("cup", 0));
    for (let players = 1; players <= 100; players++) list.changed(row("cup", players));
    expect(sent).toEqual([["cup", 0, "waiting"]]);
    clock.advance(LIST_PUSH_MS);
    expect(sent).toEqual([
      ["cup", 0, "waiting"],
      ["cup", 100, "waiting"],
    ]);
    // A window later, a change goes out at once again.
    clock.advance(LIST_PUSH_MS);
    list.changed(row("cup", 101, "running"));
    expect(sent.at(-1)).toEqual(["cup", 101, "running"]);
  });

  it("sends nothing for a row as it was, and throttles each tournament on its own", () => {
    const { clock, sent, list } = pushes();
    list.changed(row("cup", 2));
    list.changed(row("league", 4));
    clock.advance(LIST_PUSH_MS);
    list.changed(row("cup", 2));
    list.changed(row("league", 5));
    list.changed(row("league", 4));
    clock.advance(LIST_PUSH_MS);
    // league's 5 went at once (its window had passed); its 4 came within the next, so at that one's end.
    expect(sent).toEqual([
      ["cup", 2, "waiting"],
      ["league", 4, "waiting"],
      ["league", 5, "waiting"],
      ["league", 4, "waiting"],
    ]);
    // Back to the row last pushed within one window: the timer finds nothing new.
    list.changed(row("league", 6));
    list.changed(row("league", 4));
    clock.advance(LIST_PUSH_MS);
    expect(sent).toHaveLength(4);
  });

  it("never loses a tournament's end in a burst, and forgets finished rows", () => {
    const { clock, sent, list } = pushes();
    list.changed(row("cup", 8, "running"));
    list.changed(row("cup", 8, "finished"));
    clock.advance(LIST_PUSH_MS);
    expect(sent.at(-1)).toEqual(["cup", 8, "finished"]);
    list.close();
    expect(clock.pending()).toBe(0);
  });
});
