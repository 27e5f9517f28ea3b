import blossom from "edmonds-blossom-fixed";

export interface WeightedEdge {
  readonly a: number;
  readonly b: number;
  /** An integer: the algorithm compares sums of weights for equality. */
  readonly weight: number;
}

/**
 * A maximum-weight matching among the largest matchings (Edmonds' blossom algorithm, O(n³)) over
 * vertices 0..vertexCount−1: `mate[v]` is v's partner, or −1.
 */
export function maxWeightMatching(vertexCount: number, edges: readonly WeightedEdge[]): number[] {
  const mate = new Array<number>(vertexCount).fill(-1);
  if (edges.length === 0) return mate;
  const found = blossom(
    edges.map((e) => [e.a, e.b, e.weight] as const),
    true,
  );
  found.forEach((partner, v) => {
    if (v < vertexCount) mate[v] = partner;
  });
  return mate;
}

/** The matched pairs of a `mate` array, each once, the lower vertex first. */
export function matchedPairs(mate: readonly number[]): [number, number][] {
  const pairs: [number, number][] = [];
  mate.forEach((partner, v) => {
    if (partner > v) pairs.push([v, partner]);
  });
  return pairs;
}
