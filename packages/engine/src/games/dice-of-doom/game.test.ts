import { describe, expect, it } from "vitest";
import { PASS, attackMove, cellName, diceOfDoom, isLegal, parseCell } from "./index.js";
import { board, options, playAll } from "./test-support/boards.js";

function errorCode(result: { ok: boolean; error?: { code: string } }): string | undefined {
  return result.ok ? undefined : result.error?.code;
}

describe("parseOptions", () => {
  it("fills in the book's defaults", () => {
    expect(diceOfDoom.parseOptions(undefined)).toEqual({
      ok: true,
      value: { players: 2, size: 5, maxDice: 3, rules: "classic" },
    });
    expect(diceOfDoom.parseOptions({ rules: "chance" })).toEqual({
      ok: true,
      value: { players: 2, size: 5, maxDice: 5, rules: "chance" },
    });
    expect(diceOfDoom.parseOptions({ rules: "chance", maxDice: 2, players: 4, size: 8 })).toEqual({
      ok: true,
      value: { players: 4, size: 8, maxDice: 2, rules: "chance" },
    });
  });

  it.each([
    [{ players: 1 }],
    [{ players: 5 }],
    [{ players: 2.5 }],
    [{ size: 1 }],
    [{ size: 9 }],
    [{ maxDice: 1 }],
    [{ maxDice: 9 }],
    [{ rules: "v3" }],
    [{ size: "5" }],
    [{ colour: "red" }],
    [[]],
    ["classic"],
  ])("rejects %j", (input) => {
    expect(errorCode(diceOfDoom.parseOptions(input))).toBe("invalid-options");
  });

  it("counts seats", () => {
    expect(diceOfDoom.seatCount(options({ players: 3 }))).toBe(3);
    const o = options({ players: 3, size: 4 });
    expect(diceOfDoom.optionsOf(diceOfDoom.initial(o, 1))).toEqual(o);
  });
});

describe("notation", () => {
  const state = board({ rows: ["a3 b1 b1", "a2 b1 b1", "b1 b1 b1"] });

  it("names hexes by column letter and row number, row 1 at the top", () => {
    expect(cellName(0, 3)).toBe("a1");
    expect(cellName(2, 3)).toBe("c1");
    expect(cellName(3, 3)).toBe("a2");
    expect(cellName(63, 8)).toBe("h8");
    expect(parseCell("c2", 3)).toBe(5);
    expect(parseCell("d1", 3)).toBe(-1);
  });

  it("writes attacks as src>dst and reads src-dst too", () => {
    const m = attackMove(0, 1, 3);
    expect(diceOfDoom.formatMove(state, m)).toBe("a1>b1");
    expect(diceOfDoom.parseMove(state, "a1>b1")).toEqual({ ok: true, value: m });
    expect(diceOfDoom.parseMove(state, "a1-b1")).toEqual({ ok: true, value: m });
    expect(diceOfDoom.parseMove(state, "  A1 > B1 ")).toEqual({ ok: true, value: m });
    expect(diceOfDoom.formatMove(state, PASS)).toBe("pass");
    expect(diceOfDoom.parseMove(state, "Pass")).toEqual({ ok: true, value: PASS });
  });

  it.each(["", "a1", "a1>>b1", "a1>b", "a0>b1", "i1>a1", "a1>b1>c1", "resign", "d1>a1", "a1>a4"])(
    "refuses %j as invalid notation",
    (text) => {
      expect(errorCode(diceOfDoom.parseMove(state, text))).toBe("invalid-notation");
    },
  );

  it("refuses a non-string without throwing", () => {
    expect(errorCode(diceOfDoom.parseMove(state, 42 as unknown as string))).toBe("invalid-notation");
  });

  it("leaves legality to play: a well-formed but impossible attack parses", () => {
    const parsed = diceOfDoom.parseMove(state, "c3>a1");
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(errorCode(diceOfDoom.play(state, parsed.value))).toBe("illegal-move");
  });

  it("formats garbage numbers without throwing", () => {
    expect(diceOfDoom.formatMove(state, 1e9)).toBe("#1000000000");
    expect(diceOfDoom.formatMove(state, Number.NaN)).toBe("#NaN");
    expect(diceOfDoom.formatMove(state, { toString: 0 } as unknown as number)).toBe("#?");
  });
});

describe("play: typed errors", () => {
  const state = board({ rows: ["a3 b1", "a1 b2"] });

  it("refuses an illegal move", () => {
    expect(errorCode(diceOfDoom.play(state, attackMove(2, 3, 2)))).toBe("illegal-move");
    expect(errorCode(diceOfDoom.play(state, PASS))).toBe("illegal-move");
  });

  it("refuses the wrong seat", () => {
    expect(errorCode(diceOfDoom.play(state, attackMove(0, 1, 2), 1))).toBe("wrong-seat");
    expect(diceOfDoom.play(state, attackMove(0, 1, 2), 0).ok).toBe(true);
  });

  it("refuses any move once the game is over", () => {
    const over = playAll(board({ rows: ["a3 b1", "a1 a1"] }), "a1>b1");
    expect(errorCode(diceOfDoom.play(over, PASS))).toBe("game-over");
    expect(diceOfDoom.legalMoves(over)).toEqual([]);
  });

  // `{ toString: 0 }` was found by fast-check: interpolating it into a message threw.
  const garbage: readonly unknown[] = [
    1.5,
    Number.NaN,
    -2,
    16,
    1e12,
    Number.POSITIVE_INFINITY,
    "a1>b1",
    null,
    undefined,
    {},
    { toString: 0 },
  ];
  it.each(garbage.map((value) => [value]))("refuses the malformed move %j", (garbage) => {
    expect(errorCode(diceOfDoom.play(state, garbage as number))).toBe("malformed-move");
    expect(isLegal(state, garbage as number)).toBe(false);
  });
});

describe("serialize / deserialize", () => {
  const state = playAll(board({ players: 3, rows: ["a3 b1 c2", "a2 c1 c3", "a1 c1 b2"] }), "a1>b1");

  it("is JSON-safe, versioned and round-trips exactly", () => {
    const json = diceOfDoom.serialize(state);
    expect(json).toMatchObject({ v: 2, game: "dice-of-doom" });
    expect(json).not.toHaveProperty("rng");
    const back = diceOfDoom.deserialize(JSON.parse(JSON.stringify(json)));
    expect(back).toEqual({ ok: true, value: state });
  });

  it("keeps neutral hexes and eliminations", () => {
    const out = diceOfDoom.eliminate(state, 2);
    expect(diceOfDoom.deserialize(diceOfDoom.serialize(out))).toEqual({ ok: true, value: out });
  });

  const base = diceOfDoom.serialize(state) as Record<string, unknown>;

  it("reads version 1 states (stored games), dropping the generator state they carried", () => {
    const legacy = diceOfDoom.deserialize({ ...base, v: 1, rng: 12345 });
    expect(legacy).toEqual({ ok: true, value: state });
  });
  it.each([
    ["not an object", 5],
    ["an array", []],
    ["null", null],
    ["a newer version", { ...base, v: 3 }],
    ["a version that cannot be printed", { ...base, v: { toString: 0 } }],
    ["another game", { ...base, game: "othello" }],
    ["an unknown field", { ...base, extra: 1 }],
    ["bad options", { ...base, options: { players: 9 } }],
    ["missing options", { ...base, options: undefined }],
    ["incomplete options", { ...base, options: { players: 3, size: 3, rules: "classic" } }],
    ["a short board", { ...base, owner: [0, 1, 2] }],
    ["an owner out of range", { ...base, owner: [3, 1, 2, 0, 2, 2, 0, 2, 1] }],
    ["zero dice", { ...base, dice: [0, 2, 2, 2, 1, 3, 1, 1, 2] }],
    ["too many dice", { ...base, dice: [4, 2, 2, 2, 1, 3, 1, 1, 2] }],
    ["fractional dice", { ...base, dice: [1.5, 2, 2, 2, 1, 3, 1, 1, 2] }],
    ["a player out of range", { ...base, player: 3 }],
    ["a negative spare", { ...base, spare: -1 }],
    ["spare before the first action", { ...base, firstMove: true }],
    ["a non-boolean flag", { ...base, firstMove: 1 }],
    ["an rng in a version 2 state", { ...base, rng: 5 }],
    ["a version 1 state without its rng", { ...base, v: 1 }],
    ["a version 1 rng out of range", { ...base, v: 1, rng: 2 ** 32 }],
    ["a short eliminated list", { ...base, eliminated: [false, false] }],
    ["a live seat without hexes", { ...base, owner: [0, 0, 2, 0, 2, 2, 0, 2, 0] }],
    ["an eliminated seat with hexes", { ...base, eliminated: [false, true, false] }],
    [
      "an eliminated seat to move",
      { ...base, owner: [0, 0, 2, 0, 2, 2, 0, 2, -1], eliminated: [false, true, false], player: 1 },
    ],
  ])("refuses %s with invalid-state", (_name, input) => {
    expect(errorCode(diceOfDoom.deserialize(input))).toBe("invalid-state");
  });
});

describe("hash", () => {
  it("is a safe integer, equal for equal positions and different for different ones", () => {
    const a = diceOfDoom.initial(options({ players: 4, size: 8, maxDice: 8 }), 3);
    const h = diceOfDoom.hash(a);
    expect(Number.isSafeInteger(h)).toBe(true);
    expect(h).toBeGreaterThanOrEqual(0);
    const copy = diceOfDoom.deserialize(diceOfDoom.serialize(a));
    if (!copy.ok) throw new Error(copy.error.message);
    expect(diceOfDoom.hash(copy.value)).toBe(h);
    const next = diceOfDoom.apply(a, diceOfDoom.legalMoves(a)[0] ?? PASS);
    expect(diceOfDoom.hash(next)).not.toBe(h);
  });

  it("tells apart the seat to move, the first-action flag and classic spare dice", () => {
    const rows = ["a3 b1", "b3 a2"];
    const h = (spec: Partial<Parameters<typeof board>[0]>): number =>
      diceOfDoom.hash(board({ rows, ...spec }));
    const all = [
      h({}),
      h({ player: 1 }),
      h({ firstMove: false, spare: 0 }),
      h({ firstMove: false, spare: 2 }),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it("is equal for transposed move orders that reach the same position", () => {
    const start = board({ rows: ["a3 b1 a3", "b1 b1 b1", "b1 b1 b1"] });
    const one = playAll(start, "a1>b1", "c1>c2");
    const two = playAll(start, "c1>c2", "a1>b1");
    expect(one).toEqual(two);
    expect(diceOfDoom.hash(one)).toBe(diceOfDoom.hash(two));
  });
});

describe("render", () => {
  it("draws the book's shifted hex rows with owner-dice cells and whose turn it is", () => {
    const state = diceOfDoom.eliminate(board({ players: 3, rows: ["a3 b1 c2", "a2 c1 c3", "a1 c1 b2"] }), 1);
    expect(diceOfDoom.render(state)).toBe(
      [
        "current player = a",
        " 1      a-3 .-1 c-2",
        " 2    a-2 c-1 c-3",
        " 3  a-1 c-1 .-2",
        "eliminated: b",
      ].join("\n"),
    );
  });

  it("names the winners once the game is over", () => {
    expect(diceOfDoom.render(board({ rows: ["a1 b1", "b1 a1"] })).split("\n")[0]).toBe(
      "game over, winner(s) = a b",
    );
  });
});
