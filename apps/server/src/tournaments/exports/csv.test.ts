import { describe, expect, it } from "vitest";
import { crosstableCsv, csvField, standingsCsv } from "./csv.js";
import { VIEW } from "../../test-support/tournament-exports.js";

describe("CSV exports", () => {
  it("quotes a field as RFC 4180 does: only when it holds a comma, a quote or a line break", () => {
    expect(csvField("Ann")).toBe("Ann");
    expect(csvField('Bob "the, wall"')).toBe('"Bob ""the, wall"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(2.5)).toBe("2.5");
  });

  it("writes the standings: rank, name, kind, points, each tie-break, games, withdrawn", () => {
    expect(standingsCsv(VIEW)).toBe(
      [
        "rank,name,kind,points,BQ,discs,games,withdrawn",
        "1,Ann,human,2,100,88,2,false",
        '2,"Bob ""the, wall""",human,1,60,54,2,false',
        "3,Cy,human,0,40,40,2,true",
        "",
      ].join("\r\n"),
    );
  });

  it("writes the crosstable in the standings' order, empty where a pair has not met", () => {
    expect(crosstableCsv(VIEW)).toBe(
      [",1,2,3", "1 Ann,,1,1", '"2 Bob ""the, wall""",0,,1', "3 Cy,0,0,", ""].join("\r\n"),
    );
  });

  it("has no crosstable for an arena", () => {
    expect(crosstableCsv({ ...VIEW, format: "arena", crosstable: null })).toBeNull();
  });
});
