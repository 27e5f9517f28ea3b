import type { AnalysedMove, AnalysedPosition } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { webGame } from "../games/registry";
import { classify, countClasses } from "./classes";
import { wordsIn } from "../test-support/words";

function position(
  unit: AnalysedPosition["unit"],
  seat: number,
  values: number[],
  exact = true,
): AnalysedPosition {
  return {
    unit,
    seat,
    values,
    value: values[seat] ?? 0,
    exact,
    bestMove: null,
    bestMoveText: null,
    pv: [],
    pvText: [],
    depth: 0,
    nodes: 0,
  };
}

const move = (seat: number, loss: number | null): AnalysedMove => ({
  seat,
  move: "x",
  loss,
  exact: true,
  bestMoveText: null,
});

describe("move classes (docs/analysis.md, Classes)", () => {
  it("grade disc losses 1–3, 4–9 and 10 or more, and a thrown-away win as a blunder", () => {
    const before = position("discs", 0, [6, -6], false);
    const after = position("discs", 1, [4, -4], false);
    expect([0, 0.4, 1, 3, 4, 9, 10].map((loss) => classify(move(0, loss), before, after))).toEqual([
      "best",
      "good",
      "inaccuracy",
      "inaccuracy",
      "mistake",
      "mistake",
      "blunder",
    ]);
    const exactWin = position("discs", 0, [2, -2]);
    const exactDraw = position("discs", 1, [0, 0]);
    expect(classify(move(0, 2), exactWin, exactDraw)).toBe("blunder");
  });

  it("grade the chance to win by 5, 10 and 20 points and leave a heuristic unclassified", () => {
    const dice = position("win-chance", 0, [0.5, 0.5], false);
    expect([0.02, 0.05, 0.1, 0.2].map((loss) => classify(move(0, loss), dice, dice))).toEqual([
      "good",
      "inaccuracy",
      "mistake",
      "blunder",
    ]);
    const heuristic = position("heuristic", 0, [3, -3], false);
    expect(classify(move(0, 5), heuristic, heuristic)).toBe("unknown");
    expect(classify(move(0, null), heuristic, heuristic)).toBe("unknown");
  });

  it("count each seat's classes", () => {
    const p = position("outcome-score", 0, [9990, -9990]);
    const counts = countClasses([move(0, 0), move(1, 1), move(0, 3)], [p, p, p, p], 0);
    expect(counts).toMatchObject({ best: 1, mistake: 1, inaccuracy: 0 });
  });
});

describe("marks per game", () => {
  it("read KRK's White moves optimal or by the moves they put the mate off, Black's longest or closer", () => {
    const { mark } = webGame("krk").analysis;
    const krk = wordsIn("en", "games.krk");
    const won = position("outcome-score", 0, [9990, -9990]);
    expect(mark(move(0, 0), won, won, krk)).toBe("optimal");
    expect(mark(move(0, 3), won, won, krk)).toBe("+3");
    expect(mark(move(0, 9990), won, won, krk)).toBe("draw");
    expect(mark(move(1, 0), won, won, krk)).toBe("longest");
    expect(mark(move(1, 2), won, won, krk)).toBe("−2");
  });

  it("read Othello's losses in discs and Dice of Doom's in points of chance", () => {
    const p = position("discs", 0, [0, 0]);
    expect(webGame("othello").analysis.mark(move(0, 6), p, p, wordsIn("en", "games.othello"))).toBe("−6");
    expect(webGame("othello").analysis.mark(move(0, 0), p, p, wordsIn("en", "games.othello"))).toBeNull();
    const dice = (locale: "en" | "ru" | "ja") =>
      webGame("dice-of-doom").analysis.mark(move(0, 0.18), p, p, wordsIn(locale, "games.dice-of-doom"));
    // Percentages as each language writes them (Intl): "18%" in English and Japanese, "18 %" in Russian.
    expect(dice("en")).toBe("−18%");
    expect(dice("ja")).toBe("−18%");
    expect(dice("ru")).toBe("−18\u00a0%");
  });

  it("read a Connect-k result thrown away as the change of result", () => {
    const win = position("outcome-score", 0, [3, -3]);
    const draw = position("outcome-score", 1, [0, 0]);
    expect(webGame("connect-k").analysis.mark(move(0, 3), win, draw, wordsIn("en", "games.connect-k"))).toBe(
      "win → draw",
    );
    expect(
      webGame("connect-k").analysis.mark(
        move(0, 1),
        win,
        position("outcome-score", 1, [2, -2]),
        wordsIn("en", "games.connect-k"),
      ),
    ).toBe("−1");
  });
});
