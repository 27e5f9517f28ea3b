import { describe, expect, it } from "vitest";
import { game, VIEW } from "../../test-support/tournament-exports.js";
import { wofResults } from "./wof.js";

describe("WOF results", () => {
  it("writes the header, the players by number, then a line per game by round with the discs, black first", () => {
    const games = [
      game(1, ["a", "b"], ["Ann", "Bob"], [], { reason: "normal", winners: [0], scores: [40, 24] }),
      game(2, ["c", "a"], ["Cy", "Ann"], [], { reason: "timeout", winners: [1], scores: [0, 64] }),
      game(2, ["b", "c"], ["Bob", "Cy"], [], { reason: "normal", winners: [0, 1], scores: [32, 32] }),
    ];
    expect(wofResults(VIEW, games)).toBe(
      [
        "%%Tournament: Club night",
        "%%Country: Internet",
        "%%Date: 28/11/2026",
        "%%Sender: td",
        "%Players",
        "%1 Ann",
        '%2 Bob "the, wall"',
        "%3 Cy",
        "%Round 1",
        "1 (40)>(24) 2 B",
        "%Round 2",
        "3 (0)<(64) 1 B",
        "2 (32)=(32) 3 B",
        "",
      ].join("\n"),
    );
  });
});
