import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import {
  type KrkPosition,
  type KrkState,
  WHITE,
  applyToState,
  formatLan,
  krk,
  parseFen,
  parseKrkOptions,
  parseMoveText,
} from "../index.js";
import { constrainedMoves, holds, strategy } from "./al0/interpreter.js";
import { type Al0Position, PREDICATES, criticalSquare, legal, room } from "./al0/library.js";
import { Al0Session, al0Decision } from "./al0/session.js";
import { BOOK_VARIANT, PRODUCT_VARIANT, adviceTable } from "./al0/table.js";

function position(fen: string): KrkPosition {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.position;
}

function book(fen: string, depth = 0): Al0Position {
  return { ...position(fen), depth };
}

describe("the book's predicate library", () => {
  it("generates in the book's order: king diagonals first, then the rook by I = 1..8, file before rank", () => {
    const names = legal(book("8/8/8/8/2k5/8/8/R3K3 w")).map((step) => formatLan(step.move));
    expect(names).toEqual([
      "e1f2",
      "e1d2",
      "e1f1",
      "e1d1",
      "e1e2",
      "a1a2",
      "a1b1",
      "a1a3",
      "a1c1",
      "a1a4",
      "a1d1",
      "a1a5",
      "a1a6",
      "a1a7",
      "a1a8",
    ]);
  });

  it("room, critical square and the goal predicates on the book's Fig. 15.8 squeeze", () => {
    // Rook e6 fences the king on b7 into a7–d8 (4 × 2); Rd6 makes it a7–c8 (3 × 2).
    const before = book("8/1k6/4R3/8/4K3/8/8/8 w");
    const after = book("8/1k6/3R4/8/4K3/8/8/8 b", 1);
    expect(room(before)).toBe(8);
    expect(room(after)).toBe(6);
    expect(criticalSquare(after)).toEqual({ x: 2, y: 6 });
    expect(PREDICATES["newroomsmaller"]?.(after, before)).toBe(true);
    expect(PREDICATES["rookdivides"]?.(after, before)).toBe(true);
    expect(PREDICATES["rookexposed"]?.(after, before)).toBe(false);
    expect(room(book("8/1k6/8/8/4K3/8/1R6/8 b"))).toBe(64);
    expect(PREDICATES["lpatt"]?.(book("8/8/8/8/8/1R6/8/k1K5 w"), before)).toBe(true);
  });

  it("an undefined predicate fails and `nomove` generates nothing, as under unknown(_, fail)", () => {
    const pos = book("8/1k6/3R4/8/4K3/8/8/8 w");
    expect(holds("okedge", pos, pos)).toBe(false);
    expect(holds({ not: "okedge" }, pos, pos)).toBe(true);
    expect(constrainedMoves({ generator: "nomove" }, pos)).toEqual([]);
    expect(
      constrainedMoves({ and: [{ depthBelow: 1 }, { generator: "legal" }] }, { ...pos, depth: 1 }),
    ).toEqual([]);
  });
});

describe("AL0 against the book", () => {
  // The Russian edition (Fig. 15.8 and the line after it): "... Kb7; Kd5 Kc7; Kc5 Kb7; Rc6 Ka7; Rb6 Ka8;
  // Kb5 Ka7; Kc6 Ka8; Kc7 Ka7; Rc6 Ka8; Ra6 mate". The figure ends with the squeeze Re6–d6 (room 8 to
  // 6); with the white king on e4 or e5, both readings of the table play the book's White moves.
  const line = "Kd5 Kc7 Kc5 Kb7 Rc6 Ka7 Rb6 Ka8 Kb5 Ka7 Kc6 Ka8 Kc7 Ka7 Rc6 Ka8 Ra6#".split(" ");

  for (const fen of ["8/1k6/3R4/8/4K3/8/8/8 w - - 0 1", "8/1k6/3R4/4K3/8/8/8/8 w - - 0 1"]) {
    for (const variant of [BOOK_VARIANT, PRODUCT_VARIANT]) {
      it(`plays the book's continuation from ${fen.split(" ")[0]} (${variant.stalemate})`, () => {
        const session = new Al0Session(variant);
        let state = krk.initial({ start: "fen", fen }, 0);
        const advice: string[] = [];
        for (const [index, text] of line.entries()) {
          if (index % 2 === 0) {
            const decision = session.decide(state.position);
            expect(decision).not.toBeNull();
            expect(krk.formatMove(state, decision?.move ?? -1)).toBe(text);
            advice.push(decision?.replanned === true ? decision.advice : "tree");
            session.whiteMoved(decision?.move ?? -1);
            state = applyToState(state, decision?.move ?? -1);
          } else {
            const move = parseMoveText(state.position, text);
            if (!move.ok) throw new Error(move.error.message);
            session.blackMoved(move.value);
            state = applyToState(state, move.value);
          }
        }
        expect(state.status).toBe("checkmate");
        expect(advice).toEqual([
          "approach",
          "approach",
          "squeeze",
          "squeeze",
          "approach",
          "keeproom",
          "approach",
          "mate_in_2",
          "tree",
        ]);
      });
    }
  }
});

describe("AL0's memory between moves", () => {
  it("replaying the game from its start gives the move the live session would play", () => {
    const random = new Random(11);
    const options = parseKrkOptions({});
    if (!options.ok) throw new Error(options.error.message);
    const table = adviceTable(PRODUCT_VARIANT);
    let replans = 0;
    let followed = 0;
    let freshDiffers = 0;
    for (let game = 0; game < 25; game++) {
      let state: KrkState = krk.initial(options.value, game);
      const session = new Al0Session(PRODUCT_VARIANT);
      while (state.status === "ongoing") {
        if (state.position.side === WHITE) {
          const live = session.decide(state.position);
          const replayed = al0Decision(state, PRODUCT_VARIANT);
          expect(replayed?.move).toBe(live?.move);
          expect(replayed?.advice).toBe(live?.advice);
          if (live?.replanned === true) replans++;
          else {
            followed++;
            // A plan made afresh here could differ: the tree is memory, not a function of the position.
            const fresh = strategy(table, { ...state.position, depth: 0 });
            if (fresh?.tree.move !== live?.move) freshDiffers++;
          }
          session.whiteMoved(live?.move ?? -1);
          state = applyToState(state, live?.move ?? -1);
        } else {
          // Black plays at random, so it often leaves the trees AL0 built.
          const move = state.moves[random.int(state.moves.length)] ?? -1;
          session.blackMoved(move);
          state = applyToState(state, move);
        }
      }
    }
    // Both paths were exercised: moves from a new tree and moves from a tree built earlier.
    expect(replans).toBeGreaterThan(100);
    expect(followed).toBeGreaterThan(10);
    expect(freshDiffers).toBeGreaterThan(0);
  });

  it("forgets its plan when someone else played White's move", () => {
    const options = parseKrkOptions({ fen: "8/1k6/3R4/8/4K3/8/8/8 w" });
    if (!options.ok) throw new Error(options.error.message);
    let state = krk.initial(options.value, 0);
    // AL0 would play Kd5 (approach); White plays Ke5 instead, Black Kc7.
    expect(krk.formatMove(state, al0Decision(state, PRODUCT_VARIANT)?.move ?? -1)).toBe("Kd5");
    for (const text of ["Ke5", "Kc7"]) {
      const move = parseMoveText(state.position, text);
      if (!move.ok) throw new Error(move.error.message);
      state = applyToState(state, move.value);
    }
    const fresh = strategy(adviceTable(PRODUCT_VARIANT), { ...state.position, depth: 0 });
    expect(al0Decision(state, PRODUCT_VARIANT)?.move).toBe(fresh?.tree.move);
    expect(al0Decision(state, PRODUCT_VARIANT)?.replanned).toBe(true);
  });
});
