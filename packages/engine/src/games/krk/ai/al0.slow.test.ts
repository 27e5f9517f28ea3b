import { describe, expect, it } from "vitest";
import {
  BLACK,
  type KrkPosition,
  WHITE,
  blackInCheck,
  formatFen,
  legalMovesOf,
  placementProblem,
  stateAt,
} from "../index.js";
import { strategy } from "./al0/interpreter.js";
import { PREDICATES, check, legal } from "./al0/library.js";
import { PRODUCT_VARIANT, adviceTable } from "./al0/table.js";

function everyLegalPosition(visit: (position: KrkPosition) => void): void {
  for (let wk = 0; wk < 64; wk++) {
    for (let wr = 0; wr < 64; wr++) {
      for (let bk = 0; bk < 64; bk++) {
        for (const side of [WHITE, BLACK] as const) {
          const candidate = { wk, wr, bk, side };
          if (placementProblem(candidate) === null) visit(candidate);
        }
      }
    }
  }
}

describe("the book's predicate library", () => {
  it("its move generators are the legal moves, and its check is check, in every legal position", () => {
    // So the rook "passing through" the black king in `rookmove` never happens: docs/krk.md §8.3.
    let positions = 0;
    everyLegalPosition((candidate) => {
      positions++;
      const ours = legalMovesOf(candidate).sort((a, b) => a - b);
      const theirs = legal({ ...candidate, depth: 0 })
        .map((step) => step.move)
        .sort((a, b) => a - b);
      if (ours.join() !== theirs.join()) throw new Error(`moves differ at ${formatFen(candidate, 0, 1)}`);
      if (
        candidate.side === BLACK &&
        check(candidate.wk, candidate.wr, candidate.bk) !== blackInCheck(candidate)
      ) {
        throw new Error(`check differs at ${formatFen(candidate, 0, 1)}`);
      }
      if (candidate.side === BLACK) {
        const status = stateAt({ start: "random" }, candidate).status;
        const pos = { ...candidate, depth: 0 };
        if ((PREDICATES["mate"]?.(pos, pos) ?? false) !== (status === "checkmate")) throw new Error("mate");
        if ((PREDICATES["stalemate"]?.(pos, pos) ?? false) !== (status === "stalemate"))
          throw new Error("stalemate");
      }
    });
    expect(positions).toBe(175_168 + 223_944);
    // About 10 s alone; on a loaded 2-core machine, with other suites running, it took over 60 s.
  }, 600_000);
});

describe("AL0's doubtful places (docs/krk.md §8.3)", () => {
  it(
    "every legal White-to-move position has a satisfiable piece of advice, and okedge's reading never matters",
    { timeout: 900_000 },
    () => {
      const product = adviceTable(PRODUCT_VARIANT);
      const undefinedOkedge = adviceTable({ ...PRODUCT_VARIANT, okedge: "undefined" });
      let positions = 0;
      everyLegalPosition((candidate) => {
        if (candidate.side !== WHITE) return;
        positions++;
        const root = { ...candidate, depth: 0 };
        const plan = strategy(product, root);
        if (plan === null) throw new Error(formatFen(candidate, 0, 1));
        const other = strategy(undefinedOkedge, root);
        if (other?.advice !== plan.advice || other.tree.move !== plan.tree.move) {
          throw new Error(`okedge matters at ${formatFen(candidate, 0, 1)}`);
        }
      });
      expect(positions).toBe(175_168);
    },
  );
});
