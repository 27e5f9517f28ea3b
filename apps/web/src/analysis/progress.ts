import type { MatchAnalysis } from "@arena/protocol";
import type { AnalysisReply } from "./api";

/** What the analysis panel shows (docs/analysis.md, "In the browser"). */
export type AnalysisState =
  | { readonly kind: "idle" }
  | { readonly kind: "running"; readonly done: number; readonly total: number }
  | { readonly kind: "done"; readonly analysis: MatchAnalysis }
  | { readonly kind: "failed"; readonly code: string; readonly message: string };

export function stateOf(reply: AnalysisReply): AnalysisState {
  if (!reply.ok) return { kind: "failed", code: reply.code, message: reply.message };
  switch (reply.state) {
    case "none":
      return { kind: "idle" };
    case "done":
      return { kind: "done", analysis: reply.analysis };
    case "running":
      return { kind: "running", done: reply.done, total: reply.total };
  }
}

/**
 * The newer of two states: an answer and the pushes cross on the way, so a running count never goes back
 * and a done analysis stays.
 */
export function later(held: AnalysisState, next: AnalysisState): AnalysisState {
  if (held.kind === "done") return held;
  if (held.kind === "running" && next.kind === "running" && next.done < held.done) return held;
  return next;
}
