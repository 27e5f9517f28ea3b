import { getGame } from "@arena/engine/registry";
import { describe, expect, it } from "vitest";
import {
  checkForecast,
  forecastAfter,
  forecastMove,
  MAX_FORECAST_LINES,
  MAX_FORECAST_PLIES,
} from "./forecast.js";

const othello = getGame("othello");
const options = othello.parseOptions({});
if (!options.ok) throw new Error(options.error.message);
const start = othello.initial(options.value, 0);

describe("forecasts: checking lines", () => {
  it("takes legal lines from the current position, in the game's notation", () => {
    const checked = checkForecast(othello, start, [["f5", "d6", "c3"], ["D3", "c3"], []]);
    expect(checked).toEqual({
      ok: true,
      lines: [
        ["f5", "d6", "c3"],
        ["d3", "c3"],
      ],
    });
  });

  it("names the line and the ply that fails", () => {
    expect(
      checkForecast(othello, start, [
        ["f5", "d6"],
        ["f5", "a1"],
      ]),
    ).toMatchObject({
      ok: false,
      line: 1,
      ply: 1,
    });
    expect(checkForecast(othello, start, [["zz"]])).toMatchObject({ ok: false, line: 0, ply: 0 });
  });

  it("holds lichess's caps: 30 lines of 30 plies", () => {
    const many = Array.from({ length: MAX_FORECAST_LINES + 1 }, () => ["f5"]);
    expect(checkForecast(othello, start, many)).toMatchObject({ ok: false });
    const long = [Array.from({ length: MAX_FORECAST_PLIES + 1 }, () => "f5")];
    expect(checkForecast(othello, start, long)).toMatchObject({ ok: false, ply: MAX_FORECAST_PLIES });
  });
});

describe("forecasts: matching a played move", () => {
  const lines = [
    ["f5", "d6", "c3", "d3"],
    ["f5", "f6"],
    ["d3", "c3"],
  ];

  it("keeps the tails of the lines the move began, in their order, and answers with the first", () => {
    const after = forecastAfter(lines, "f5");
    expect(after).toEqual([["d6", "c3", "d3"], ["f6"]]);
    expect(forecastMove(after)).toBe("d6");
    // The answer played: the line goes on; the other line is spent.
    expect(forecastAfter(after, "d6")).toEqual([["c3", "d3"]]);
  });

  it("clears every line when the move matches none", () => {
    expect(forecastAfter(lines, "e6")).toEqual([]);
    expect(forecastMove([])).toBeNull();
  });
});
