import { describe, expect, it } from "vitest";
import { MoveList, type PlayedMove } from "./moves.js";

const move = (text: string, seat = 0): PlayedMove => ({ seat, move: text, forced: false });

describe("MoveList", () => {
  it("appends without changing the lists it came from", () => {
    const empty = MoveList.empty();
    const one = empty.append(move("f5"));
    const two = one.append(move("d6", 1));
    expect(empty.toArray()).toEqual([]);
    expect(one.toArray()).toEqual([move("f5")]);
    expect([...two]).toEqual([move("f5"), move("d6", 1)]);
    expect(two.length).toBe(2);
  });

  it("keeps two branches from one list apart (a draft that was never kept, then the real move)", () => {
    const base = MoveList.empty().append(move("f5"));
    const draft = base.append(move("d6", 1));
    const real = base.append(move("f6", 1));
    const realNext = real.append(move("e6"));
    const draftNext = draft.append(move("c3"));
    expect(draft.toArray().map((m) => m.move)).toEqual(["f5", "d6"]);
    expect(real.toArray().map((m) => m.move)).toEqual(["f5", "f6"]);
    expect(realNext.toArray().map((m) => m.move)).toEqual(["f5", "f6", "e6"]);
    expect(draftNext.toArray().map((m) => m.move)).toEqual(["f5", "d6", "c3"]);
    expect(base.toArray().map((m) => m.move)).toEqual(["f5"]);
  });

  it("is equal to another list exactly when it holds the same moves", () => {
    const a = MoveList.empty().append(move("f5"));
    const grown = MoveList.empty().append(move("f5"));
    grown.append(move("d6", 1)); // grows the shared array past `grown`, which still holds one move
    expect(grown).toEqual(a);
    expect(a.append(move("d6", 1))).not.toEqual(a.append(move("c4", 1)));
  });
});
