import { describe, expect, it } from "vitest";
import * as Othello from "@arena/engine/games/othello/index";
import { othelloView } from "./view";

const start = Othello.othello.initial({}, 0);

function cell(view: ReturnType<typeof othelloView>, name: string) {
  return view.rows.flat().find((c) => c.name === name);
}

describe("othelloView", () => {
  it("puts the four start discs on d4/e5 (white) and d5/e4 (black)", () => {
    const view = othelloView(start, null);
    expect(cell(view, "d4")?.disc).toBe("white");
    expect(cell(view, "e5")?.disc).toBe("white");
    expect(cell(view, "d5")?.disc).toBe("black");
    expect(cell(view, "e4")?.disc).toBe("black");
    expect(view.counts).toEqual({ black: 2, white: 2, empty: 60 });
    expect(view.turn).toBe("black");
  });

  it("lays rows 1..8 top to bottom and files a..h left to right", () => {
    const view = othelloView(start, null);
    expect(view.rows[0]?.[0]?.name).toBe("a1");
    expect(view.rows[0]?.[7]?.name).toBe("h1");
    expect(view.rows[7]?.[0]?.name).toBe("a8");
  });

  it("marks exactly the engine's legal moves and the last move", () => {
    const view = othelloView(start, null);
    const legal = view.rows
      .flat()
      .filter((c) => c.legal)
      .map((c) => c.name)
      .sort();
    expect(legal).toEqual(["c4", "d3", "e6", "f5"]);
    const f5 = Othello.parseSquare("f5");
    const after = Othello.othello.apply(start, f5);
    const next = othelloView(after, f5);
    expect(cell(next, "f5")).toMatchObject({ disc: "black", last: true, legal: false });
    expect(cell(next, "e5")?.disc).toBe("black");
    expect(next.turn).toBe("white");
  });
});
