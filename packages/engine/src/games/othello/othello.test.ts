import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { perft } from "../../debug.js";
import {
  BLACK,
  PASS,
  WHITE,
  applyMove,
  formatGgf,
  formatPosition,
  formatTranscript,
  legalMoves,
  othello,
  parseGgf,
  parsePosition,
  parseSquare,
  parseTranscript,
  perftOthello,
  squareName,
} from "./index.js";
import { NaiveOthello } from "./test-support/naive.js";

const start = othello.initial({}, 0);

function randomGame(seed: number, stopAt = 200): number[] {
  let state = start;
  const moves: number[] = [];
  let s = seed >>> 0;
  for (let i = 0; i < stopAt; i++) {
    const legal = othello.legalMoves(state);
    if (legal.length === 0) break;
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const move = legal[s % legal.length] ?? PASS;
    moves.push(move);
    state = othello.apply(state, move);
  }
  return moves;
}

describe("othello perft from the start position", () => {
  // OEIS A124004; a pass is one ply and a finished game one leaf.
  const table = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];
  it.each(table.map((leaves, depth) => [depth, leaves] as const))(
    "depth %i has %i leaves",
    (depth, leaves) => {
      expect(perftOthello(start, depth)).toBe(leaves);
    },
  );

  it("the generic perft over the Game interface agrees to depth 6", () => {
    for (let depth = 0; depth <= 6; depth++) expect(perft(othello, start, depth)).toBe(table[depth]);
  });

  it("counts a forced pass as one ply and an early end as one leaf", () => {
    // White to move with a1 black and b1 white: white cannot move, black can (c1), so white must pass.
    const forced = parsePosition(`XO${"-".repeat(62)} O`);
    if (!forced.ok) throw new Error("position");
    expect(othello.legalMoves(forced.value)).toEqual([PASS]);
    // The pass, then c1, then nobody can move: the game ends after two plies.
    for (let depth = 1; depth <= 4; depth++) {
      expect(perftOthello(forced.value, depth)).toBe(1);
      expect(perft(othello, forced.value, depth)).toBe(1);
    }
    const finished = parsePosition(`X${"-".repeat(63)} X`);
    if (!finished.ok) throw new Error("position");
    expect(othello.outcome(finished.value).kind).toBe("finished");
    expect(perftOthello(finished.value, 5)).toBe(1);
  });
});

describe("othello rules", () => {
  it("starts with the four discs on d4 e4 d5 e5 and black to move", () => {
    expect(formatPosition(start)).toBe("---------------------------OX------XO--------------------------- X");
    expect(othello.toMove(start)).toEqual([BLACK]);
    expect(othello.legalMoves(start).map(squareName)).toEqual(["d3", "c4", "f5", "e6"]);
  });

  it("flips the outflanked line and hands the turn over", () => {
    const after = othello.apply(start, parseSquare("f5"));
    expect(formatPosition(after)).toBe("---------------------------OX------XXX-------------------------- O");
    expect(after.turn).toBe(WHITE);
    expect(othello.legalMoves(after).map(squareName)).toEqual(["f4", "d6", "f6"]);
  });

  it("applies a forced pass as the single legal move PA", () => {
    // White has no move after this sequence; black must move again.
    const board = parsePosition(`${"X".repeat(62)}O- O`);
    if (!board.ok) throw new Error("position");
    expect(othello.legalMoves(board.value)).toEqual([PASS]);
    expect(othello.forcedMove(board.value)).toBe(PASS);
    const after = othello.apply(board.value, PASS);
    expect(after.turn).toBe(BLACK);
    expect(othello.legalMoves(after)).toEqual([63]);
  });

  it("scores a finished game the WOF way: empty squares go to the winner", () => {
    const won = parsePosition(`${"X".repeat(9)}${"-".repeat(48)}${"O".repeat(7)} X`);
    if (!won.ok) throw new Error("position");
    expect(othello.outcome(won.value)).toEqual({ kind: "finished", scores: [57, 7], winners: [BLACK] });
    expect(othello.toMove(won.value)).toEqual([]);
    const drawn = parsePosition(`${"X".repeat(8)}${"-".repeat(48)}${"O".repeat(8)} O`);
    if (!drawn.ok) throw new Error("position");
    expect(othello.outcome(drawn.value)).toEqual({
      kind: "finished",
      scores: [32, 32],
      winners: [BLACK, WHITE],
    });
  });

  it("refuses bad input with typed errors", () => {
    expect(othello.play(start, 0)).toMatchObject({ ok: false, error: { code: "illegal-move" } });
    expect(othello.play(start, parseSquare("f5"), WHITE)).toMatchObject({
      ok: false,
      error: { code: "wrong-seat" },
    });
    expect(othello.play(start, 99)).toMatchObject({ ok: false, error: { code: "malformed-move" } });
    expect(othello.play(start, Number.NaN)).toMatchObject({ ok: false, error: { code: "malformed-move" } });
    expect(othello.parseMove(start, "z9")).toMatchObject({ ok: false, error: { code: "invalid-notation" } });
    const finished = parsePosition(`${"X".repeat(64)} O`);
    if (!finished.ok) throw new Error("position");
    expect(othello.play(finished.value, PASS)).toMatchObject({ ok: false, error: { code: "game-over" } });
    expect(othello.parseOptions({ start: "nonsense" })).toMatchObject({
      ok: false,
      error: { code: "invalid-options" },
    });
    expect(othello.parseOptions({ colour: "blue" })).toMatchObject({ ok: false });
  });

  it("agrees with an independent array implementation over 300 random games", () => {
    for (let seed = 1; seed <= 300; seed++) {
      let state = start;
      const naive = new NaiveOthello();
      for (const move of randomGame(seed)) {
        expect(othello.legalMoves(state)).toEqual(naive.legalMoves());
        state = othello.apply(state, move);
        naive.play(move);
        expect(formatPosition(state)).toBe(naive.format());
      }
      expect(othello.legalMoves(state)).toEqual([]);
      expect(naive.legalMoves()).toEqual([]);
    }
  });

  it("plays exactly the moves it lists, and its turn, forced move and outcome agree with them", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 70 }), (seed, length) => {
        let state = start;
        for (const move of randomGame(seed, length)) state = othello.apply(state, move);
        const legal = othello.legalMoves(state);
        for (let move = 0; move <= PASS; move++) {
          expect(othello.play(state, move).ok).toBe(legal.includes(move));
        }
        expect(othello.forcedMove(state)).toBe(legal.length === 1 && legal[0] === PASS ? PASS : null);
        expect(othello.toMove(state)).toEqual(legal.length === 0 ? [] : [state.turn]);
        expect(othello.outcome(state).kind).toBe(legal.length === 0 ? "finished" : "ongoing");
      }),
      { numRuns: 300 },
    );
  });
});

describe("othello notation", () => {
  it("names squares a1..h8 with a1 top-left and letters as columns", () => {
    expect(parseSquare("a1")).toBe(0);
    expect(parseSquare("h1")).toBe(7);
    expect(parseSquare("a8")).toBe(56);
    expect(parseSquare("F5")).toBe(37);
    expect(parseSquare("pa")).toBe(PASS);
    for (let square = 0; square <= 64; square++) expect(parseSquare(squareName(square))).toBe(square);
  });

  it("reads transcripts like f5d6c3d3c4, with passes implied or explicit", () => {
    const moves = parseTranscript("f5d6c3d3c4");
    expect(moves.ok && moves.value.map(squareName).join("")).toBe("f5d6c3d3c4");
    expect(parseTranscript("f5 d6 C3")).toMatchObject({ ok: true });
    expect(parseTranscript("f5f5")).toMatchObject({ ok: false, error: { code: "illegal-move" } });
    expect(parseTranscript("f5d")).toMatchObject({ ok: false, error: { code: "invalid-notation" } });
    expect(parseTranscript("f5zz")).toMatchObject({ ok: false, error: { code: "invalid-notation" } });
  });

  it("round-trips transcripts, GGF and state serialization over random games", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 80 }), (seed, length) => {
        const moves = randomGame(seed, length);
        const parsed = parseTranscript(formatTranscript(moves));
        expect(parsed).toEqual({ ok: true, value: moves });
        let state = start;
        for (const move of moves) {
          expect(othello.parseMove(state, othello.formatMove(state, move))).toEqual({
            ok: true,
            value: move,
          });
          state = othello.apply(state, move);
        }
        expect(othello.deserialize(JSON.parse(JSON.stringify(othello.serialize(state))))).toEqual({
          ok: true,
          value: state,
        });
        const record = {
          start,
          moves,
          black: "Iago [6]",
          white: "Human",
          result: { score: -64, flag: "t" as const },
          time: { baseMs: 300_000, incrementMs: 2_000 },
        };
        expect(parseGgf(formatGgf(record))).toEqual({ ok: true, value: record });
      }),
      { numRuns: 300 },
    );
  });

  it("imports a GGF game as GGS writes it", () => {
    const ggf =
      "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[booga]PW[zebra]RB[1925.21]RW[2101.72]" +
      "TI[15:00//02:00]TY[8]RE[-2.000:r]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]" +
      "B[F5//0.01]W[d6/-1.50/1.2]B[c3]W[PA];)";
    const parsed = parseGgf(ggf);
    expect(parsed.ok).toBe(false); // W[PA] is not a legal pass here
    const legal = parseGgf(ggf.replace("W[PA]", "W[d3]"));
    expect(legal).toMatchObject({
      ok: true,
      value: {
        black: "booga",
        white: "zebra",
        result: { score: -2, flag: "r" },
        time: { baseMs: 900_000, incrementMs: 0 },
      },
    });
    if (legal.ok) expect(formatTranscript(legal.value.moves)).toBe("f5d6c3d3");
    expect(parseGgf("(;GM[Chess];)")).toMatchObject({ ok: false });
    expect(parseGgf("not ggf")).toMatchObject({ ok: false, error: { code: "invalid-notation" } });
  });

  it("never throws on garbage input", () => {
    fc.assert(
      fc.property(fc.string(), fc.anything(), fc.integer(), (text, value, number) => {
        othello.parseMove(start, text);
        parseTranscript(text);
        parseGgf(text);
        parsePosition(text);
        othello.deserialize(value);
        othello.parseOptions(value);
        othello.play(start, number);
      }),
      { numRuns: 2000 },
    );
  });

  it("renders a PAIP-style board", () => {
    const text = othello.render(start);
    expect(text).toContain("a b c d e f g h");
    expect(text.split("\n")[4]).toBe(" 4  . . * O @ . . .");
    expect(text).toContain("Black (@) to move");
  });
});

describe("othello hash", () => {
  it("is equal for equal positions and differs for the side to move", () => {
    const viaA = parseTranscript("f5d6c3d3c4");
    if (!viaA.ok) throw new Error("transcript");
    let a = start;
    for (const move of viaA.value) a = applyMove(a, move);
    const b = othello.deserialize(othello.serialize(a));
    if (!b.ok) throw new Error("state");
    expect(othello.hash(a)).toBe(othello.hash(b.value));
    expect(Number.isSafeInteger(othello.hash(a))).toBe(true);
    expect(othello.hash(a)).not.toBe(othello.hash({ ...a, turn: a.turn === BLACK ? WHITE : BLACK }));
    expect(legalMoves(a).length).toBeGreaterThan(0);
  });
});
