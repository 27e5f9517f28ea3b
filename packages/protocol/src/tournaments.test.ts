import { describe, expect, it } from "vitest";
import { applyTournamentChange, TournamentId, type TournamentSummary } from "./tournaments.js";

const row = (id: string, status: TournamentSummary["status"], players = 2): TournamentSummary => ({
  id: TournamentId.parse(`t_${id.padEnd(9, "0")}`),
  name: id,
  gameId: "othello",
  format: "swiss",
  status,
  timeControl: { baseMs: 60_000, incrementMs: 0 },
  players,
  maxPlayers: 8,
  invitationOnly: false,
  createdBy: "someone",
  startsAt: null,
  startedAt: null,
});

describe("applyTournamentChange", () => {
  const list = [row("run1", "running"), row("wait1", "waiting"), row("done1", "finished")];

  it("adds a new tournament after the running ones", () => {
    expect(applyTournamentChange(list, row("new", "waiting")).map((t) => t.name)).toEqual([
      "run1",
      "new",
      "wait1",
      "done1",
    ]);
  });

  it("replaces a row in place, and moves it when its status moves it", () => {
    expect(applyTournamentChange(list, row("wait1", "waiting", 5))[1]?.players).toBe(5);
    expect(applyTournamentChange(list, row("wait1", "running")).map((t) => t.name)).toEqual([
      "run1",
      "wait1",
      "done1",
    ]);
    expect(applyTournamentChange(list, row("run1", "finished")).map((t) => t.name)).toEqual([
      "wait1",
      "run1",
      "done1",
    ]);
  });
});
