import { describe, expect, it } from "vitest";
import { tournamentFiles } from "./tournament-downloads";

const table = { entrants: [], cells: [] };

describe("tournament downloads", () => {
  it("offers Othello's GGF and WOF files, other games' JSON logs, and a crosstable where there is one", () => {
    expect(tournamentFiles({ gameId: "othello", crosstable: table })).toEqual([
      "standings.csv",
      "crosstable.csv",
      "games.ggf",
      "wof.txt",
    ]);
    expect(tournamentFiles({ gameId: "connect-k", crosstable: null })).toEqual([
      "standings.csv",
      "games.json",
    ]);
  });
});
