import { describe, expect, it } from "vitest";
import { crosstable } from "./crosstable.js";
import { foldTournament } from "./fold.js";
import { LogBuilder } from "./test-support.js";

const cell = (row: ReturnType<typeof crosstable>[number] | undefined) =>
  row?.rounds.map((c) =>
    c === null
      ? "-"
      : `${c.opponent ?? "bye"}:${c.seat ?? "_"}:${c.outcome ?? "?"}${c.kind === "forfeit" ? "!" : ""}`,
  );

describe("crosstable", () => {
  it("shows each round from each side: games, byes, forfeits, games on and rounds sat out", () => {
    const log = new LogBuilder()
      .join("A", "B", "C")
      .round("A", "B-C")
      .result(1, { winner: 0, discs: [40, 24] })
      .round("C", "A-B");
    const rows = crosstable(foldTournament(log.events));
    // All on one point; C's BQ (24 + 6 + 32 + 6) beats A's and B's (32 + 6 + …).
    expect(rows.map((r) => [r.entrant, r.rank, r.points])).toEqual([
      ["C", 1, 1],
      ["B", 2, 1],
      ["A", 3, 1],
    ]);
    const row = (id: string) => cell(rows.find((r) => r.entrant === id));
    expect(row("A")).toEqual(["bye:_:win", "B:0:?"]);
    expect(row("B")).toEqual(["C:0:win", "A:1:?"]);
    expect(row("C")).toEqual(["B:1:loss", "bye:_:win"]);
  });

  it("marks forfeits and leaves a swiss round sat out empty", () => {
    const rr = new LogBuilder().join("A", "B").withdraw("B").round("A-B");
    expect(cell(crosstable(foldTournament(rr.events))[0])).toEqual(["B:_:win!"]);
    const swiss = new LogBuilder({ format: "swiss", rounds: 2 }).join("A", "B", "C").round("A-B");
    expect(cell(crosstable(foldTournament(swiss.events))[2])).toEqual(["-"]);
  });
});
