import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchedPairs, maxWeightMatching, type WeightedEdge } from "./matching.js";

/** Every matching of the graph, by brute force: [cardinality, weight] of the best, largest first. */
function bruteForce(edges: readonly WeightedEdge[]): [number, number] {
  let best: [number, number] = [0, 0];
  const walk = (i: number, used: Set<number>, size: number, weight: number): void => {
    if (size > best[0] || (size === best[0] && weight > best[1])) best = [size, weight];
    for (let k = i; k < edges.length; k++) {
      const e = edges[k];
      if (!e || used.has(e.a) || used.has(e.b)) continue;
      walk(k + 1, new Set([...used, e.a, e.b]), size + 1, weight + e.weight);
    }
  };
  walk(0, new Set(), 0, 0);
  return best;
}

/** A random graph on up to 8 vertices: each possible edge present or not, with an integer weight. */
const graph = fc.integer({ min: 1, max: 8 }).chain((n) => {
  const possible: [number, number][] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) possible.push([a, b]);
  return fc
    .array(fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }), {
      minLength: possible.length,
      maxLength: possible.length,
    })
    .map((weights): [number, WeightedEdge[]] => [
      n,
      possible.flatMap(([a, b], i) => {
        const weight = weights[i];
        return weight == null ? [] : [{ a, b, weight }];
      }),
    ]);
});

describe("maxWeightMatching", () => {
  it("finds the heaviest of the largest matchings (against brute force)", () => {
    fc.assert(
      fc.property(graph, ([n, edges]) => {
        const mate = maxWeightMatching(n, edges);
        expect(mate).toHaveLength(n);
        const pairs = matchedPairs(mate);
        const weightOf = (a: number, b: number) =>
          edges.find((e) => (e.a === a && e.b === b) || (e.a === b && e.b === a))?.weight;
        for (const [a, b] of pairs) {
          expect(mate[b]).toBe(a);
          expect(weightOf(a, b)).toBeDefined();
        }
        const weight = pairs.reduce((sum, [a, b]) => sum + (weightOf(a, b) ?? 0), 0);
        expect([pairs.length, weight]).toEqual(bruteForce(edges));
      }),
      { numRuns: 300 },
    );
  });

  it("prefers more pairs to heavier ones", () => {
    // A path 0-1-2-3: the heavy middle edge alone loses to the two light ends.
    const mate = maxWeightMatching(4, [
      { a: 0, b: 1, weight: 1 },
      { a: 1, b: 2, weight: 100 },
      { a: 2, b: 3, weight: 1 },
    ]);
    expect(matchedPairs(mate)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it("leaves vertices without edges unmatched", () => {
    expect(maxWeightMatching(3, [])).toEqual([-1, -1, -1]);
    expect(maxWeightMatching(4, [{ a: 0, b: 1, weight: 5 }])).toEqual([1, 0, -1, -1]);
  });
});
