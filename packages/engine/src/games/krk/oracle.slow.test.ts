import { describe, expect, it } from "vitest";
import {
  BLACK,
  KRK_DRAW,
  KRK_ILLEGAL,
  KRK_MAX_DTM,
  WHITE,
  applyMove,
  blackInCheck,
  krkTables,
  legalMovesOf,
  placementProblem,
  tableIndex,
} from "./index.js";

const tables = krkTables();

function value(wk: number, wr: number, bk: number, side: number): number {
  return (side === WHITE ? tables.whiteToMove : tables.blackToMove)[tableIndex(wk, wr, bk)] ?? -1;
}

describe("the retrograde oracle", () => {
  it("agrees with one step of minimax at every one of the 524,288 entries", () => {
    let checked = 0;
    for (let wk = 0; wk < 64; wk++) {
      for (let wr = 0; wr < 64; wr++) {
        for (let bk = 0; bk < 64; bk++) {
          for (const side of [WHITE, BLACK] as const) {
            const position = { wk, wr, bk, side };
            const stored = value(wk, wr, bk, side);
            if (placementProblem(position) !== null) {
              if (stored !== KRK_ILLEGAL) throw new Error(`illegal ${wk} ${wr} ${bk} ${side} has a value`);
              continue;
            }
            checked++;
            const children = legalMovesOf(position).map((move) => {
              const next = applyMove(position, move);
              return next.wr < 0 ? KRK_DRAW : value(next.wk, next.wr, next.bk, next.side);
            });
            let expected: number;
            if (side === WHITE) {
              const wins = children.filter((child) => child <= KRK_MAX_DTM);
              expected = wins.length === 0 ? KRK_DRAW : 1 + Math.min(...wins);
            } else if (children.length === 0) {
              expected = blackInCheck(position) ? 0 : KRK_DRAW;
            } else {
              expected = children.includes(KRK_DRAW) ? KRK_DRAW : Math.max(...children);
            }
            if (stored !== expected)
              throw new Error(`${wk} ${wr} ${bk} side ${side}: ${stored} ≠ ${expected}`);
          }
        }
      }
    }
    expect(checked).toBe(175_168 + 223_944);
  });
});
