import type { SearchStats } from "./types.js";

/** The mutable side of `SearchStats`, bumped in the hot path and copied out once. */
export class Counters implements SearchStats {
  nodes = 0;
  evaluations = 0;
  terminals = 0;
  betaCutoffs = 0;
  ttHits = 0;
  ttCutoffs = 0;
  researches = 0;
  aspirationFailures = 0;

  snapshot(): SearchStats {
    return {
      nodes: this.nodes,
      evaluations: this.evaluations,
      terminals: this.terminals,
      betaCutoffs: this.betaCutoffs,
      ttHits: this.ttHits,
      ttCutoffs: this.ttCutoffs,
      researches: this.researches,
      aspirationFailures: this.aspirationFailures,
    };
  }
}
