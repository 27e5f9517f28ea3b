"use client";

import type { AnalysisProgress } from "@arena/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { serverUrl } from "../env";
import { useArena } from "../net/arena-context";
import { fetchAnalysis, startAnalysis, type AnalysisReply } from "./api";
import { type AnalysisState, later, stateOf } from "./progress";

export type { AnalysisState } from "./progress";

/**
 * A finished match's analysis (docs/analysis.md, "In the browser"): asks whether one is kept or running
 * when the page opens and on every reconnect, starts it on `start`, and then only listens to the pushed
 * `analysis:progress` (the room's socket watches the match). `enabled` is false for games not finished.
 */
export function useAnalysis(
  matchId: string,
  enabled: boolean,
  token: string | null,
): { readonly state: AnalysisState; start(this: void): void } {
  const { client, connectCount } = useArena();
  const [state, setState] = useState<AnalysisState>({ kind: "idle" });
  const alive = useRef(true);
  // Bumped by each start: a reading asked for before it is older than the start's own answer.
  const starts = useRef(0);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const heard = useCallback((reply: AnalysisReply) => {
    if (alive.current) setState((held) => later(held, stateOf(reply)));
  }, []);

  useEffect(() => {
    if (!enabled || client === null) return;
    const onProgress = (progress: AnalysisProgress) => {
      if (progress.matchId === matchId) heard(progress);
    };
    client.socket.on("analysis:progress", onProgress);
    return () => {
      client.socket.off("analysis:progress", onProgress);
    };
  }, [client, matchId, enabled, heard]);

  // What pushes this page missed while it was away (opened, reloaded or reconnected) is asked once.
  useEffect(() => {
    if (!enabled) return;
    const asked = starts.current;
    void fetchAnalysis(serverUrl(), matchId).then((reply) => {
      if (starts.current === asked) heard(reply);
    });
  }, [matchId, enabled, connectCount, heard]);

  const start = useCallback(() => {
    starts.current++;
    setState({ kind: "running", done: 0, total: 0 });
    void startAnalysis(serverUrl(), matchId, token).then((reply) => {
      // A refusal replaces the placeholder; a running or done answer only moves it on.
      if (alive.current) setState((held) => (reply.ok ? later(held, stateOf(reply)) : stateOf(reply)));
    });
  }, [matchId, token]);

  return { state, start };
}
