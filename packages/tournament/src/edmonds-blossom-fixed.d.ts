// The npm package ships plain CommonJS without types: a port of Van Rantwijk's mwmatching.py.
declare module "edmonds-blossom-fixed" {
  /** Edges `[u, v, weight]`; returns `mate[v]` (−1 when unmatched) for vertices 0..max index seen. */
  export default function blossom(
    edges: readonly (readonly [number, number, number])[],
    maxCardinality?: boolean,
  ): number[];
}
