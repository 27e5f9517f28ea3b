import { describe, expect, it } from "vitest";
import {
  type KrkState,
  applyToState,
  formatFen,
  krk,
  parseFen,
  parseKrkOptions,
  parseMoveText,
  placementProblem,
} from "./index.js";

function options(input: unknown) {
  const parsed = parseKrkOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function at(fen: string): KrkState {
  return krk.initial(options({ fen }), 0);
}

function play(state: KrkState, ...moves: string[]): KrkState {
  let current = state;
  for (const text of moves) {
    const move = krk.parseMove(current, text);
    if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
    const next = krk.play(current, move.value);
    if (!next.ok) throw new Error(`${text}: ${next.error.message}`);
    current = next.value;
  }
  return current;
}

describe("options", () => {
  it("defaults to a random won position with White to move", () => {
    expect(options({})).toEqual({ start: "random" });
    expect(options(undefined)).toEqual({ start: "random" });
    const state = krk.initial(options({}), 1);
    expect(krk.toMove(state)).toEqual([0]);
    expect(state.status).toBe("ongoing");
  });

  it("infers the start from the field given and normalizes the FEN", () => {
    expect(options({ distance: 16 })).toEqual({ start: "distance", distance: 16 });
    expect(options({ fen: "  4k3/8/8/8/8/8/8/R3K3   w " })).toEqual({
      start: "fen",
      fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    });
    expect(options({ start: "fen", fen: "4k3/8/8/8/8/8/8/R3K3 b - - 12 40" })).toEqual({
      start: "fen",
      fen: "4k3/8/8/8/8/8/8/R3K3 b - - 12 40",
    });
  });

  it("names a start the host chose (the FEN, #n for a distance) and none for a random one", () => {
    expect(krk.chosenStart?.(options({}))).toBeNull();
    expect(krk.chosenStart?.(options({ distance: 5 }))).toBe("#5");
    expect(krk.chosenStart?.(options({ fen: "4k3/8/8/8/8/8/8/R3K3 w" }))).toBe(
      "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    );
    // Every random start is won for White (seat 0): a rated game draws its seats.
    expect(krk.unevenSeats).toBe(true);
  });

  it.each([
    [{ start: "chess" }, "start must be one of random, distance, fen"],
    [{ distance: 0 }, "distance must be a whole number of moves to mate from 1 to 16"],
    [{ distance: 17 }, "from 1 to 16"],
    [{ distance: 2.5 }, "from 1 to 16"],
    [{ start: "distance" }, "from 1 to 16"],
    [{ start: "fen" }, 'start "fen" needs a fen'],
    [{ start: "random", fen: "4k3/8/8/8/8/8/8/R3K3 w" }, 'fen goes with start "fen"'],
    [{ fen: "4k3/8/8/8/8/8/8/R3K3 w", distance: 3 }, 'distance goes with start "distance"'],
    [{ colour: "white" }, "unknown option(s): colour"],
    ["random", "krk options must be an object"],
  ])("refuses %j", (input, message) => {
    const parsed = parseKrkOptions(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe("invalid-options");
      expect(parsed.error.message).toContain(message);
    }
  });
});

describe("illegal FEN", () => {
  it.each([
    ["8/8/8/8/8/4k3/3K4/R7 w - - 0 1", "the kings stand next to each other (d2 and e3)", "ok"],
    ["8/8/8/8/8/8/3k4/R2K4 w - - 0 1", "the kings stand next to each other (d1 and d2)", ""],
    ["4k3/8/8/8/8/8/8/K3R3 w - - 0 1", "the black king on e8 is in check, but it is White's move", ""],
    ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "there is no white rook", "missing"],
    ["8/8/8/8/8/8/8/R3K3 w - - 0 1", "there is no black king", "missing"],
    ["4k3/8/8/8/8/8/8/R7 w - - 0 1", "there is no white king", "missing"],
    ["4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "there are 2 white rooks; this game has one", "extra"],
    ["4k3/8/8/8/8/8/8/R3KK2 w - - 0 1", "there are 2 white kings", "extra"],
    ["4k2k/8/8/8/8/8/8/R3K3 w - - 0 1", "there are 2 black kings", "extra"],
    ["4k3/8/8/8/8/8/8/R3K2Q w - - 0 1", "a white queen on h1: only K, R and k play in this game", "extra"],
    ["4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", "a black pawn on a2", "extra"],
    ["4k3/8/8/8/8/8/8/RK3K3 w - - 0 1", "rank 1 describes 9 squares, not 8", "overlap"],
    ["4k3/8/8/8/8/8/8/R3K w - - 0 1", "rank 1 describes 5 squares, not 8", ""],
    ["4k3/8/8/8/8/8/R3K3 w - - 0 1", "the placement has 7 ranks, not 8", ""],
    ["4k3/8/8/8/8/8/8/R3K3 x - - 0 1", "the side to move must be w or b", ""],
    ["4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "castling is not part of this game", ""],
    ["4k3/8/8/8/8/8/8/R3K3 w - e3 0 1", "the en passant field must be -", ""],
    ["4k3/8/8/8/8/8/8/R3K3 w - - 100 1", "the halfmove clock must be a whole number from 0 to 99", ""],
    ["4k3/8/8/8/8/8/8/R3K3 w - - 0 0", "the move number must be a whole number from 1 to 9999", ""],
    ["4k3/8/8/8/8/8/8/R3K3", "a FEN has 2 to 6 fields", ""],
    ["4k3/8/8/8/8/8/8/R3K3 w - - 0 1 extra", "a FEN has 2 to 6 fields", ""],
    ["4k3/8/8/8/8/8/8/R3X3 w", "'X' on rank 1 is not a piece letter or a digit", ""],
  ])("%s: %s", (fen, message) => {
    const parsed = parseKrkOptions({ fen });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe("invalid-options");
      expect(parsed.error.message).toContain(message);
    }
  });

  it("names pieces on the same square when a placement is built square by square", () => {
    expect(placementProblem({ wk: 4, wr: 4, bk: 60, side: 0 })).toBe(
      "the white king and the white rook are both on e1",
    );
    expect(placementProblem({ wk: 4, wr: 0, bk: 0, side: 1 })).toBe(
      "the white rook and the black king are both on a1",
    );
    expect(placementProblem({ wk: 4, wr: 0, bk: 4, side: 1 })).toBe("the two kings are both on e1");
    expect(placementProblem({ wk: 4, wr: 0, bk: 64, side: 1 })).toBe("the black king is not on a square");
    expect(placementProblem({ wk: 4, wr: 0, bk: 60, side: 0 })).toBeNull();
  });

  it("refuses a FEN that is not a string or absurdly long", () => {
    expect(parseFen(42)).toMatchObject({ ok: false, error: { message: "fen must be a string" } });
    expect(parseFen("8/".repeat(60))).toMatchObject({ ok: false, error: { code: "invalid-options" } });
  });

  it("writes back the FEN it read", () => {
    for (const fen of [
      "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
      "8/8/8/3k4/8/8/8/R3K3 b - - 37 52",
      "K7/8/8/8/8/8/8/6Rk b - - 0 9",
    ]) {
      const parsed = parseFen(fen);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(formatFen(parsed.value.position, parsed.value.halfmoveClock, parsed.value.fullmove)).toBe(fen);
    }
  });
});

describe("how a game ends", () => {
  it("checkmate wins for White, scored 1-0", () => {
    const state = play(at("k7/8/1K6/8/8/8/8/7R w - - 0 1"), "Rh8#");
    expect(state.status).toBe("checkmate");
    expect(krk.outcome(state)).toEqual({ kind: "finished", scores: [1, 0], winners: [0] });
    expect(krk.toMove(state)).toEqual([]);
    expect(krk.legalMoves(state)).toEqual([]);
  });

  it("a mate given at the 100th ply still wins", () => {
    const state = play(at("k7/8/1K6/8/8/8/8/7R w - - 99 80"), "Rh8");
    expect(state.halfmoveClock).toBe(100);
    expect(state.status).toBe("checkmate");
  });

  it("stalemate is a draw, 0-0 with both seats listed", () => {
    const state = play(at("k7/8/2K5/8/8/8/8/1R6 w - - 0 1"), "Rb7");
    expect(state.status).toBe("stalemate");
    expect(krk.outcome(state)).toEqual({ kind: "finished", scores: [0, 0], winners: [0, 1] });
  });

  it("taking the rook is a draw by insufficient material", () => {
    const state = play(at("8/8/8/8/8/8/1k6/R3K3 b - - 7 30"), "Kxa1");
    expect(state.status).toBe("rook-captured");
    expect(state.halfmoveClock).toBe(0);
    expect(krk.outcome(state)).toMatchObject({ winners: [0, 1] });
    expect(formatFen(state.position, state.halfmoveClock, state.fullmove)).toBe(
      "8/8/8/8/8/8/8/k3K3 w - - 0 31",
    );
  });

  it("a guarded rook cannot be taken", () => {
    const state = at("8/8/8/8/8/k7/1R6/2K5 b - - 0 1");
    expect(krk.parseMove(state, "Kxb2")).toMatchObject({ ok: false, error: { code: "illegal-move" } });
  });

  it("the 50-move rule draws at 100 plies without a capture", () => {
    const state = play(at("4k3/8/8/8/8/8/8/R3K3 w - - 98 70"), "Kd2", "Kd8");
    expect(state.halfmoveClock).toBe(100);
    expect(state.status).toBe("fifty-moves");
    expect(krk.outcome(state)).toMatchObject({ scores: [0, 0], winners: [0, 1] });
  });

  it("the third occurrence of a position draws, counted from the start", () => {
    const start = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    const twice = play(start, "Ke2", "Kf8", "Ke1", "Ke8");
    expect(twice.occurrences).toBe(2);
    expect(twice.status).toBe("ongoing");
    const thrice = play(twice, "Ke2", "Kf8", "Ke1", "Ke8");
    expect(thrice.occurrences).toBe(3);
    expect(thrice.status).toBe("repetition");
    // The same placement with the other side to move is another position.
    expect(play(start, "Ke2").occurrences).toBe(1);
  });

  it("a FEN may start with Black to move, mated or stalemated", () => {
    expect(krk.toMove(at("4k3/8/8/8/8/8/8/R3K3 b - - 0 1"))).toEqual([1]);
    expect(at("k7/2K5/8/8/8/8/8/R7 b - - 0 1").status).toBe("checkmate");
    expect(at("8/8/8/8/8/8/1RK5/k7 b - - 0 1").status).toBe("stalemate");
  });
});

describe("moves in SAN and long algebraic", () => {
  const start = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");

  it("writes SAN with + and #", () => {
    const name = (state: KrkState, text: string): string => {
      const move = parseMoveText(state.position, text);
      if (!move.ok) throw new Error(move.error.message);
      return krk.formatMove(state, move.value);
    };
    expect(name(start, "a1a8")).toBe("Ra8+");
    expect(name(start, "e1d2")).toBe("Kd2");
    expect(name(at("k7/8/1K6/8/8/8/8/7R w - - 0 1"), "h1h8")).toBe("Rh8#");
    expect(name(at("8/8/8/8/8/8/1k6/R3K3 b - - 0 1"), "b2a1")).toBe("Kxa1");
  });

  it.each(["Ra8+", "Ra8", "Ra8#", "a1a8", "a1-a8", "a1xa8", "Raa8", "R1a8", "Ra1a8", " Ra8 "])(
    "reads %s",
    (text) => {
      expect(krk.parseMove(start, text)).toEqual({ ok: true, value: 0 * 64 + 56 });
    },
  );

  it("reads a bare target square when one piece can go there", () => {
    expect(krk.parseMove(start, "a5")).toEqual({ ok: true, value: 32 });
  });

  it.each([
    ["d1", "invalid-notation", "d1 is ambiguous: Kd1 and Rd1 both go to d1"],
    ["", "invalid-notation", "the move is empty"],
    ["Qa8", "invalid-notation", "is not a move in SAN"],
    ["ra8", "invalid-notation", "is not a move in SAN"],
    ["a1a9", "invalid-notation", "is not a move in SAN"],
    ["e8=Q", "invalid-notation", "is not a move in SAN"],
    ["Ra8+ Kd7 Ra7+ Ke6", "invalid-notation", "too long"],
    ["O-O-O", "illegal-move", "castling is not part of this game"],
    ["Rb2", "illegal-move", "Rb2: the white rook cannot go to b2"],
    ["Ke3", "illegal-move", "the white king cannot go to e3"],
    ["h7", "illegal-move", "no white piece can go to h7"],
    ["a1b2", "illegal-move", "the rook on a1 cannot go to b2"],
    ["e8d8", "illegal-move", "e8 holds the black king, and it is White's move"],
    ["c3c4", "illegal-move", "c3 holds nothing"],
    ["e1e2x", "invalid-notation", "is not a move"],
  ])("refuses %j with %s", (text, code, message) => {
    const parsed = krk.parseMove(start, text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe(code);
      expect(parsed.error.message).toContain(message);
    }
  });

  it("refuses a move that is not text, and any move once the game is over", () => {
    expect(krk.parseMove(start, 7 as unknown as string)).toMatchObject({
      ok: false,
      error: { code: "invalid-notation" },
    });
    const over = play(at("k7/8/1K6/8/8/8/8/7R w - - 0 1"), "Rh8");
    expect(krk.parseMove(over, "Ka7")).toMatchObject({ ok: false, error: { code: "game-over" } });
  });

  it("Black's moves: the king only", () => {
    const black = play(start, "Kd2");
    expect(krk.parseMove(black, "Rd8")).toMatchObject({
      ok: false,
      error: { message: "Rd8: Black has no rook" },
    });
    expect(krk.parseMove(black, "d8")).toEqual({ ok: true, value: 60 * 64 + 59 });
  });
});

describe("play", () => {
  const start = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");

  it("checks the seat, the move's shape and its legality, and changes nothing when refusing", () => {
    expect(krk.play(start, 4 * 64 + 11, 1)).toMatchObject({ ok: false, error: { code: "wrong-seat" } });
    expect(krk.play(start, 1.5)).toMatchObject({ ok: false, error: { code: "malformed-move" } });
    expect(krk.play(start, 5000)).toMatchObject({ ok: false, error: { code: "malformed-move" } });
    expect(krk.play(start, "Kd2" as unknown as number)).toMatchObject({
      ok: false,
      error: { code: "malformed-move" },
    });
    expect(krk.play(start, 4 * 64 + 20)).toMatchObject({ ok: false, error: { code: "illegal-move" } });
    expect(krk.play(start, 4 * 64 + 11, 0)).toMatchObject({ ok: true });
    expect(start.moves).toHaveLength(15);
    const over = play(at("k7/8/1K6/8/8/8/8/7R w - - 0 1"), "Rh8");
    expect(krk.play(over, 0)).toMatchObject({ ok: false, error: { code: "game-over" } });
  });

  it("counts the clocks like a FEN does", () => {
    const state = play(at("4k3/8/8/8/8/8/8/R3K3 b - - 5 9"), "Kd7", "Ra7+");
    expect(formatFen(state.position, state.halfmoveClock, state.fullmove)).toBe(
      "8/R2k4/8/8/8/8/8/4K3 b - - 7 10",
    );
  });

  it("renders the board, the FEN and the verdict", () => {
    const text = krk.render(start);
    expect(text.split("\n")).toEqual([
      "8 . . . . k . . .",
      "7 . . . . . . . .",
      "6 . . . . . . . .",
      "5 . . . . . . . .",
      "4 . . . . . . . .",
      "3 . . . . . . . .",
      "2 . . . . . . . .",
      "1 R . . . K . . .",
      "  a b c d e f g h",
      "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
      "White to move",
    ]);
    expect(krk.render(play(at("k7/8/1K6/8/8/8/8/7R w - - 0 1"), "Rh8"))).toContain("Checkmate: White wins");
  });
});

describe("serialize", () => {
  it("round-trips a game with its history, so repetition still counts after a reload", () => {
    const game = play(at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "Ke2", "Kf8", "Ke1", "Ke8", "Ke2", "Kf8", "Ke1");
    const json = krk.serialize(game);
    expect(json).toEqual({
      v: 1,
      game: "krk",
      options: { start: "fen", fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" },
      start: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
      moves: "e1e2 e8f8 e2e1 f8e8 e1e2 e8f8 e2e1",
    });
    const loaded = krk.deserialize(JSON.parse(JSON.stringify(json)));
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(play(loaded.value, "Ke8").status).toBe("repetition");
  });

  it.each([
    [null, "must be an object"],
    [{ v: 2 }, "unsupported version"],
    [{ v: 1, game: "othello" }, "not a krk state"],
    [
      { v: 1, game: "krk", options: {}, start: "4k3/8/8/8/8/8/8/R3K3 w", moves: "", extra: 1 },
      "unknown field",
    ],
    [{ v: 1, game: "krk", options: { fen: "bad" }, start: "x", moves: "" }, "a FEN has 2 to 6 fields"],
    [
      { v: 1, game: "krk", options: {}, start: "4k3/8/8/8/8/8/8/R3K3 b", moves: "" },
      "White to move and fresh clocks",
    ],
    [
      {
        v: 1,
        game: "krk",
        options: { fen: "4k3/8/8/8/8/8/8/R3K3 w" },
        start: "4k3/8/8/8/8/8/8/R3K3 b",
        moves: "",
      },
      "the start is not the options' FEN",
    ],
    [{ v: 1, game: "krk", options: {}, start: "4k3/8/8/8/8/8/8/R3K3 w", moves: "e1e2 e2e3" }, "move 2"],
    [{ v: 1, game: "krk", options: {}, start: "4k3/8/8/8/8/8/8/R3K3 w", moves: 5 }, "moves must be a string"],
    [
      { v: 1, game: "krk", options: {}, start: "4k3/8/8/8/8/8/8/R3K3 w", moves: "e1e2 ".repeat(200) },
      "too many moves",
    ],
    [
      {
        v: 1,
        game: "krk",
        options: { fen: "k7/8/1K6/8/8/8/8/7R w" },
        start: "k7/8/1K6/8/8/8/8/7R w",
        moves: "h1h8 a8a7",
      },
      "after the end",
    ],
  ])("refuses %j", (input, message) => {
    const loaded = krk.deserialize(input);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) {
      expect(loaded.error.code).toBe("invalid-state");
      expect(loaded.error.message).toContain(message);
    }
  });
});

describe("seeded starts", () => {
  it("the same seed gives the same position, and seeds vary it", () => {
    const random = options({});
    expect(krk.serialize(krk.initial(random, 5))).toEqual(krk.serialize(krk.initial(random, 5)));
    const starts = new Set([1, 2, 3, 4, 5, 6].map((seed) => krk.hash(krk.initial(random, seed))));
    expect(starts.size).toBeGreaterThan(4);
  });

  it("a start at a distance keeps its options through a reload", () => {
    const state = krk.initial(options({ distance: 9 }), 3);
    const loaded = krk.deserialize(krk.serialize(applyToState(state, state.moves[0] ?? -1)));
    expect(loaded.ok && loaded.value.options).toEqual({ start: "distance", distance: 9 });
  });
});
