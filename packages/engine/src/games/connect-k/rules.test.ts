import { describe, expect, it } from "vitest";
import {
  type ConnectKOptions,
  type ConnectKState,
  CONNECT_K_PRESETS,
  canWinNext,
  cellOwner,
  columnHeight,
  connectK,
  formatMoveSequence,
  isColumnOpen,
  isKeyExact,
  isWinningMove,
  moveHistory,
  movesPlayed,
  parseConnectKOptions,
  parseMoveSequence,
  ponsWinScore,
  positionFromSequence,
  positionKey,
  winnerOf,
} from "./index.js";
import { NaiveBoard } from "./test-support/naive.js";

function optionsFor(input: unknown): ConnectKOptions {
  const parsed = parseConnectKOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const C4 = optionsFor({});

function load(text: string, options: ConnectKOptions = C4): ConnectKState {
  const result = positionFromSequence(options, text);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.value;
}

function errorCode(result: { ok: true } | { ok: false; error: { code: string } }): string {
  return result.ok ? "ok" : result.error.code;
}

/** Replays `text` on the independent reference and returns it. */
function naive(text: string, options: ConnectKOptions = C4): NaiveBoard {
  const board = new NaiveBoard(options.width, options.height, options.k, options.firstSeat);
  for (const ch of text) board.play(Number(ch) - 1);
  return board;
}

describe("options", () => {
  it("defaults to Connect Four with seat 0 first", () => {
    expect(optionsFor(undefined)).toEqual({
      preset: "connect-four",
      width: 7,
      height: 6,
      k: 4,
      firstSeat: 0,
    });
    expect(optionsFor({})).toEqual(optionsFor({ preset: "connect-four" }));
  });

  it("resolves the presets", () => {
    expect(optionsFor({ preset: "trilobite" })).toEqual({
      preset: "trilobite",
      width: 8,
      height: 7,
      k: 4,
      firstSeat: 0,
    });
    expect(optionsFor({ preset: "tiny", firstSeat: 1 })).toEqual({
      preset: "tiny",
      width: 3,
      height: 3,
      k: 3,
      firstSeat: 1,
    });
    expect(CONNECT_K_PRESETS.tiny).toEqual({ width: 3, height: 3, k: 3 });
  });

  it("takes explicit sizes and names a matching preset", () => {
    expect(optionsFor({ width: 5, height: 4 })).toEqual({
      preset: "custom",
      width: 5,
      height: 4,
      k: 4,
      firstSeat: 0,
    });
    expect(optionsFor({ width: 3, height: 3 }).k).toBe(3);
    expect(optionsFor({ width: 8, height: 7 }).preset).toBe("trilobite");
    expect(optionsFor({ preset: "custom", width: 7, height: 6 }).preset).toBe("custom");
    expect(optionsFor({ preset: "trilobite", width: 8 }).preset).toBe("trilobite");
  });

  it("is stable under a re-parse", () => {
    for (const input of [
      {},
      { preset: "tiny" },
      { width: 9, height: 10, k: 8, firstSeat: 1 },
      { preset: "custom" },
    ]) {
      const once = optionsFor(input);
      expect(optionsFor(once)).toEqual(once);
    }
  });

  it("rejects unknown keys, bad ranges and preset conflicts", () => {
    const bad: unknown[] = [
      { colour: "red" },
      { width: 2 },
      { width: 10 },
      { height: 11 },
      { height: 2 },
      { k: 2 },
      { k: 9, width: 9, height: 10 },
      { width: 4, height: 4, k: 5 },
      { firstSeat: 2 },
      { firstSeat: "0" },
      { width: 7.5 },
      { preset: "gomoku" },
      { preset: "tiny", width: 4 },
      "connect-four",
      [],
      42,
    ];
    for (const input of bad) expect(errorCode(parseConnectKOptions(input))).toBe("invalid-options");
  });
});

describe("notation (Pons)", () => {
  it("formats and parses columns 1..W", () => {
    const state = connectK.initial(C4, 0);
    expect(connectK.formatMove(state, 3)).toBe("4");
    expect(connectK.parseMove(state, "4")).toEqual({ ok: true, value: 3 });
    expect(connectK.parseMove(state, " 7 ")).toEqual({ ok: true, value: 6 });
    for (const text of ["0", "8", "", "44", "a", "-1", "4.0", "٤", "1 2"]) {
      expect(errorCode(connectK.parseMove(state, text))).toBe("invalid-notation");
    }
  });

  it("parses and formats whole sequences", () => {
    expect(parseMoveSequence(C4, "4453")).toEqual({ ok: true, value: [3, 3, 4, 2] });
    expect(parseMoveSequence(C4, "")).toEqual({ ok: true, value: [] });
    expect(formatMoveSequence([3, 3, 4, 2])).toBe("4453");
    expect(errorCode(parseMoveSequence(C4, "44x5"))).toBe("invalid-notation");
    expect(errorCode(parseMoveSequence(C4, "4485"))).toBe("invalid-notation");
    expect(errorCode(parseMoveSequence(C4, "4455 18"))).toBe("invalid-notation");
  });

  it('loads "4455" from docs/connect-k.md §7', () => {
    const state = load("4455");
    expect(movesPlayed(state)).toBe(4);
    expect(cellOwner(state, 3, 0)).toBe(0);
    expect(cellOwner(state, 3, 1)).toBe(1);
    expect(cellOwner(state, 4, 0)).toBe(0);
    expect(cellOwner(state, 4, 1)).toBe(1);
    expect(cellOwner(state, 4, 2)).toBe(-1);
    expect(columnHeight(state, 3)).toBe(2);
    expect(connectK.toMove(state)).toEqual([0]);
    expect(ponsWinScore(state)).toBe(19);
    expect(moveHistory(state)).toEqual([3, 3, 4, 4]);
  });

  it('loads "44455554221" from docs/connect-k.md §7', () => {
    const state = load("44455554221");
    expect(movesPlayed(state)).toBe(11);
    expect(connectK.outcome(state)).toEqual({ kind: "ongoing" });
    expect(connectK.toMove(state)).toEqual([1]);
    expect(columnHeight(state, 3)).toBe(4);
    expect(columnHeight(state, 4)).toBe(4);
    expect(columnHeight(state, 1)).toBe(2);
    expect(columnHeight(state, 0)).toBe(1);
    const reference = naive("44455554221");
    for (let column = 0; column < 7; column++) {
      for (let row = 0; row < 6; row++) expect(cellOwner(state, column, row)).toBe(reference.at(column, row));
    }
  });

  it("loads the first 10 lines of Test_L3_R1 as legal, unfinished positions", () => {
    const lines = [
      "2252576253462244111563365343671351441 -1",
      "7422341735647741166133573473242566 1",
      "23163416124767223154467471272416755633 0",
      "71255763773133525731261364622167124446454 0",
      "65214673556155731566316327373221417 -1",
      "52677675164321472411331752454 0",
      "3135151421347443544172316522225776773566 0",
      "562154564361751726662253737734213275114 0",
      "233377345754465174223731671122611552 1",
      "6763525635134453444361412671365712 -1",
    ];
    for (const line of lines) {
      const [moves = ""] = line.split(" ");
      const state = load(moves);
      expect(movesPlayed(state)).toBe(moves.length);
      expect(state.status).toBe("ongoing");
      expect(connectK.legalMoves(state).length).toBeGreaterThan(0);
    }
  });
});

describe("wins, draws and errors", () => {
  const wins: [string, string][] = [
    ["vertical", "1212121"],
    ["horizontal", "1122334"],
    ["diagonal /", "12234334544"],
    ["diagonal \\", "76654554344"],
    ["horizontal, closing a gap", "1122443"],
  ];
  for (const [direction, text] of wins) {
    it(`ends the game on a ${direction} line`, () => {
      const before = load(text.slice(0, -1));
      expect(before.status).toBe("ongoing");
      const lastColumn = Number(text.slice(-1)) - 1;
      expect(isWinningMove(before, lastColumn)).toBe(true);
      expect(canWinNext(before)).toBe(true);
      const state = load(text);
      expect(state.status).toBe("won");
      expect(winnerOf(state)).toBe(0);
      expect(connectK.outcome(state)).toEqual({ kind: "finished", scores: [1, 0], winners: [0] });
      expect(connectK.toMove(state)).toEqual([]);
      expect(connectK.legalMoves(state)).toEqual([]);
      expect(naive(text).result).toBe(0);
    });
  }

  it("gives the second seat its win", () => {
    const state = load("71212121");
    expect(connectK.outcome(state)).toEqual({ kind: "finished", scores: [0, 1], winners: [1] });
  });

  it("counts k, not four: 3 in a row wins on the tiny board", () => {
    const tiny = optionsFor({ preset: "tiny" });
    expect(load("11223", tiny).status).toBe("won");
    expect(load("1122", tiny).status).toBe("ongoing");
  });

  it("longer lines win too", () => {
    const state = load("1122443", optionsFor({ width: 7, height: 6, k: 3 }));
    expect(state.status).toBe("won");
    expect(load("11224434", optionsFor({ width: 7, height: 6, k: 5 })).status).toBe("ongoing");
    const five = load("112244335", optionsFor({ width: 7, height: 6, k: 5 }));
    expect(five.status).toBe("won");
  });

  it("draws on a full 3×3 board without a line", () => {
    const tiny = optionsFor({ preset: "tiny" });
    const state = load("132132132", tiny);
    expect(state.status).toBe("draw");
    expect(connectK.outcome(state)).toEqual({ kind: "finished", scores: [0, 0], winners: [0, 1] });
    expect(connectK.toMove(state)).toEqual([]);
    expect(naive("132132132", tiny).result).toBe(2);
  });

  it("a win on the last cell is a win, not a draw", () => {
    const tiny = optionsFor({ preset: "tiny" });
    const found = findLastCellWin(tiny);
    expect(found).not.toBeNull();
    const state = load(found ?? "", tiny);
    expect(state.plies).toBe(9);
    expect(state.status).toBe("won");
  });

  it("returns typed errors", () => {
    expect(errorCode(positionFromSequence(C4, "1111111"))).toBe("illegal-move");
    expect(errorCode(positionFromSequence(C4, "8"))).toBe("invalid-notation");
    expect(errorCode(positionFromSequence(C4, "4a"))).toBe("invalid-notation");
    expect(errorCode(positionFromSequence(C4, "12121212"))).toBe("game-over");

    const full = load("111111");
    expect(isColumnOpen(full, 0)).toBe(false);
    expect(errorCode(connectK.play(full, 0))).toBe("illegal-move");
    expect(errorCode(connectK.play(full, 7))).toBe("illegal-move");
    expect(errorCode(connectK.play(full, -1))).toBe("illegal-move");
    expect(errorCode(connectK.play(full, 1.5))).toBe("malformed-move");
    expect(errorCode(connectK.play(full, Number.NaN))).toBe("malformed-move");
    expect(errorCode(connectK.play(full, "1" as unknown as number))).toBe("malformed-move");
    expect(errorCode(connectK.play(full, 1, 1))).toBe("wrong-seat");
    expect(errorCode(connectK.play(full, 1, 0))).toBe("ok");

    const over = load("1212121");
    expect(errorCode(connectK.play(over, 2))).toBe("game-over");
  });

  it("honours firstSeat", () => {
    const options = optionsFor({ firstSeat: 1 });
    const start = connectK.initial(options, 0);
    expect(connectK.toMove(start)).toEqual([1]);
    const state = load("1212121", options);
    expect(connectK.outcome(state)).toEqual({ kind: "finished", scores: [0, 1], winners: [1] });
    expect(cellOwner(state, 0, 0)).toBe(1);
    expect(errorCode(connectK.play(start, 3, 0))).toBe("wrong-seat");
  });
});

describe("state helpers", () => {
  it("lists open columns left to right", () => {
    expect(connectK.legalMoves(load("111111"))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(connectK.legalMoves(connectK.initial(C4, 0))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(connectK.forcedMove(connectK.initial(C4, 0))).toBeNull();
  });

  it("hashes transpositions equally and uses Pons's exact key on 7×6", () => {
    expect(isKeyExact(C4)).toBe(true);
    expect(isKeyExact(optionsFor({ preset: "trilobite" }))).toBe(false);
    expect(positionKey(load("4453"))).toBe(positionKey(load("5344")));
    expect(positionKey(load("4453"))).toBe(positionKey(load("4354")));
    expect(positionKey(load("4453"))).not.toBe(positionKey(load("4435")));
    const trilobite = optionsFor({ preset: "trilobite" });
    expect(positionKey(load("1827", trilobite))).toBe(positionKey(load("2718", trilobite)));
    expect(positionKey(load("1827", trilobite))).not.toBe(positionKey(load("8172", trilobite)));
    for (const text of ["", "4", "44455554221", "1212121"]) {
      expect(Number.isSafeInteger(connectK.hash(load(text)))).toBe(true);
      expect(Number.isSafeInteger(connectK.hash(load(text, trilobite)))).toBe(true);
    }
  });

  it("keeps the move history for serialization", () => {
    const state = load("44455554221");
    expect(formatMoveSequence(moveHistory(state))).toBe("44455554221");
    expect(connectK.serialize(state)).toEqual({
      v: 1,
      game: "connect-k",
      options: { preset: "connect-four", width: 7, height: 6, k: 4, firstSeat: 0 },
      moves: "44455554221",
    });
  });

  it("rejects bad serialized states with invalid-state", () => {
    const good = { v: 1, game: "connect-k", options: { preset: "tiny" }, moves: "123" };
    expect(errorCode(connectK.deserialize(good))).toBe("ok");
    const bad: unknown[] = [
      null,
      "x",
      [],
      { ...good, v: 2 },
      { ...good, game: "othello" },
      { ...good, options: { width: 99 } },
      { ...good, options: null },
      { ...good, moves: 123 },
      { ...good, moves: "1111" },
      { ...good, moves: "4" },
      { ...good, moves: "11223" + "3" },
      { ...good, moves: "1".repeat(100000) },
      { ...good, extra: true },
      { v: 1, game: "connect-k", moves: "" },
    ];
    for (const input of bad) expect(errorCode(connectK.deserialize(input))).toBe("invalid-state");
  });

  it("renders row 0 at the top with column digits underneath", () => {
    expect(connectK.render(load("4455"))).toBe(
      [
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . O O . .",
        ". . . X X . .",
        "1 2 3 4 5 6 7",
        "X (seat 0) to move",
      ].join("\n"),
    );
    const tiny = optionsFor({ preset: "tiny" });
    expect(connectK.render(load("132132132", tiny))).toBe(
      ["X X O", "O O X", "X X O", "1 2 3", "Draw"].join("\n"),
    );
    expect(connectK.render(load("11223", tiny)).split("\n").at(-1)).toBe("X (seat 0) wins");
  });
});

function findLastCellWin(options: ConnectKOptions): string | null {
  const board = new NaiveBoard(options.width, options.height, options.k, options.firstSeat);
  const search = (): string | null => {
    if (board.over) {
      return board.history.length === options.width * options.height && board.result !== 2
        ? formatMoveSequence(board.history)
        : null;
    }
    for (const column of board.legal()) {
      board.play(column);
      const found = search();
      board.undo();
      if (found !== null) return found;
    }
    return null;
  };
  return search();
}
