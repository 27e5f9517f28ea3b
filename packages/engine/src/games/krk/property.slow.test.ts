import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type KrkPosition,
  type KrkState,
  applyToState,
  formatFen,
  formatLan,
  krk,
  parseFen,
  parseKrkOptions,
  parseMoveText,
  placementProblem,
} from "./index.js";
import { NaiveKrk } from "./test-support/naive.js";

/** A legal position with either side to move. */
const positionArb: fc.Arbitrary<KrkPosition> = fc
  .record({
    wk: fc.integer({ min: 0, max: 63 }),
    wr: fc.integer({ min: 0, max: 63 }),
    bk: fc.integer({ min: 0, max: 63 }),
    side: fc.constantFrom(0 as const, 1 as const),
  })
  .filter((position) => placementProblem(position) === null);

function stateFrom(position: KrkPosition, halfmoveClock = 0): KrkState {
  const options = parseKrkOptions({ fen: formatFen(position, halfmoveClock, 1) });
  if (!options.ok) throw new Error(options.error.message);
  return krk.initial(options.value, 0);
}

/** Plain checks: vitest's `expect` per ply would dominate the run time. */
function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

function squares(move: number): string {
  return formatLan(move);
}

describe("krk properties", () => {
  it("random playouts agree with the array referee: legal moves, check and how the game ends", () => {
    fc.assert(
      fc.property(positionArb, fc.integer({ min: 0, max: 99 }), fc.integer(), (position, clock, seed) => {
        let state = stateFrom(position, clock);
        const naive = NaiveKrk.fromFen(formatFen(position, clock, 1));
        let x = seed | 0 || 1;
        for (let ply = 0; ply < 200; ply++) {
          const ours = [...state.moves].map(squares).sort();
          const ending = naive.ending();
          const theirs =
            ending === null
              ? naive
                  .legalMoves()
                  .map(
                    ({ from, to }) => `${"abcdefgh"[from[0]]}${from[1] + 1}${"abcdefgh"[to[0]]}${to[1] + 1}`,
                  )
                  .sort()
              : [];
          check(ours.join() === theirs.join(), `moves at ply ${ply}: ${ours.join()} vs ${theirs.join()}`);
          check(state.status === (ending ?? "ongoing"), `status ${state.status} vs ${ending}`);
          if (state.moves.length === 0) return;
          x ^= x << 13;
          x ^= x >>> 17;
          x ^= x << 5;
          const move = state.moves[(x >>> 0) % state.moves.length] ?? -1;
          state = applyToState(state, move);
          naive.play({ from: [(move >> 6) & 7, move >> 9], to: [move & 7, (move & 63) >> 3] });
        }
        throw new Error("a game outlasted the 50-move rule");
      }),
      { numRuns: 400 },
    );
  });

  it("every legal move plays, and reads back from its SAN and its long algebraic", () => {
    fc.assert(
      fc.property(positionArb, (position) => {
        const state = stateFrom(position);
        for (const move of krk.legalMoves(state)) {
          const san = krk.formatMove(state, move);
          check(krk.play(state, move).ok, `play ${san}`);
          const fromSan = krk.parseMove(state, san);
          check(fromSan.ok && fromSan.value === move, `SAN ${san}`);
          const fromLan = parseMoveText(state.position, formatLan(move));
          check(fromLan.ok && fromLan.value === move, `LAN ${formatLan(move)}`);
          const bare = san.replace(/[+#x]/g, "");
          const fromBare = krk.parseMove(state, bare);
          check(fromBare.ok && fromBare.value === move, `SAN without suffix ${bare}`);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("FEN round-trips, and the hash is equal exactly when the placement and side are", () => {
    fc.assert(
      fc.property(
        positionArb,
        positionArb,
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 500 }),
        (a, b, clock, full) => {
          const fen = formatFen(a, clock, full);
          const parsed = parseFen(fen);
          check(
            parsed.ok &&
              formatFen(parsed.value.position, parsed.value.halfmoveClock, parsed.value.fullmove) === fen,
            fen,
          );
          const same = a.wk === b.wk && a.wr === b.wr && a.bk === b.bk && a.side === b.side;
          check((krk.hash(stateFrom(a)) === krk.hash(stateFrom(b))) === same, "hash");
          check(krk.hash(stateFrom(a, clock)) === krk.hash(stateFrom(a)), "the clock is not in the hash");
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("serialize round-trips games from every kind of start", () => {
    const starts = [{}, { distance: 1 }, { distance: 16 }, { fen: "8/8/8/3k4/8/8/8/R3K3 b - - 40 60" }];
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.integer(),
        fc.integer({ min: 0, max: 60 }),
        (input, seed, plies) => {
          const options = parseKrkOptions(input);
          if (!options.ok) throw new Error(options.error.message);
          let state = krk.initial(options.value, seed);
          for (let ply = 0; ply < plies && state.moves.length > 0; ply++) {
            state = applyToState(state, state.moves[(seed >>> 0) % state.moves.length] ?? -1);
          }
          const json = JSON.parse(JSON.stringify(krk.serialize(state))) as unknown;
          const loaded = krk.deserialize(json);
          check(loaded.ok, "loads");
          if (!loaded.ok) return;
          check(JSON.stringify(krk.serialize(loaded.value)) === JSON.stringify(json), "serializes the same");
          check(
            loaded.value.status === state.status && loaded.value.occurrences === state.occurrences,
            "same status",
          );
          check(krk.hash(loaded.value) === krk.hash(state), "same hash");
          expect(loaded.value.options).toEqual(state.options);
        },
      ),
      { numRuns: 300 },
    );
  });
});
