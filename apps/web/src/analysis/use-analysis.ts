"use client";

import type { MatchAnalysis } from "@arena/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { serverUrl } from "../env";
import { fetchAnalysis, startAnalysis, type AnalysisReply } from "./api";

/** How often the page asks for progress while an analysis runs. */
const POLL_MS = 500;

export type AnalysisState =
  | { readonly kind: "idle" }
  | { readonly kind: "running"; readonly done: number; readonly total: number }
  | { readonly kind: "done"; readonly analysis: MatchAnalysis }
  | { readonly kind: "failed"; readonly code: string; readonly message: string };

function stateOf(reply: AnalysisReply): AnalysisState {
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
 * A finished match's analysis (docs/analysis.md, "In the browser"): asks once whether one is kept or
 * running, starts it on `start`, and polls while it runs. `enabled` is false for games not finished.
 */
export function useAnalysis(
  matchId: string,
  enabled: boolean,
  token: string | null,
): { readonly state: AnalysisState; start(this: void): void } {
  const [state, setState] = useState<AnalysisState>({ kind: "idle" });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void fetchAnalysis(serverUrl(), matchId).then((reply) => {
      if (alive.current) setState(stateOf(reply));
    });
  }, [matchId, enabled]);

  const running = state.kind === "running";
  useEffect(() => {
    if (!running) return;
    // Polls ask to start or join, not only to read: behind a balancer a poll may reach another process,
    // which knows no job of this match and would answer `none` (docs/analysis.md, "Caching").
    const timer = setInterval(() => {
      void startAnalysis(serverUrl(), matchId, token).then((reply) => {
        if (alive.current) setState(stateOf(reply));
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, matchId, token]);

  const start = useCallback(() => {
    setState({ kind: "running", done: 0, total: 0 });
    void startAnalysis(serverUrl(), matchId, token).then((reply) => {
      if (alive.current) setState(stateOf(reply));
    });
  }, [matchId, token]);

  return { state, start };
}
