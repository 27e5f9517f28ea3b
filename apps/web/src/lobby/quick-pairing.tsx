"use client";

import type { PoolInfo, SeekCounts, SeekEnded, SeekPaired } from "@arena/protocol";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useReducer, useRef, useState } from "react";
import { serverUrl } from "../env";
import { useArena } from "../net/arena-context";
import { failureText } from "../i18n/errors";
import { fetchPools } from "../net/pools-api";
import { IDLE, type SeekNotice, poolRows, seekersIn, seekReducer } from "./quick-pairing-model";

/**
 * The quick-pairing grid (docs/web.md, "Quick pairing"): a cell per game and time control, with how many
 * seek there; pressing one seeks an opponent, and the pairing opens the new room.
 */
export function QuickPairing({
  titleOf,
  initialPools,
}: {
  titleOf: (gameId: string, options?: unknown) => string;
  /** The grid as the server rendered it, or null to fetch it once connected. */
  initialPools: readonly PoolInfo[] | null;
}) {
  const { client, state, session, connectCount } = useArena();
  const router = useRouter();
  const t = useTranslations("pairing");
  const createWords = useTranslations("create");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [pools, setPools] = useState<readonly PoolInfo[] | null>(initialPools);
  const [counts, setCounts] = useState<SeekCounts>({});
  const [rated, setRated] = useState(false);
  const [seek, dispatch] = useReducer(seekReducer, IDLE);
  const seeking = useRef(false);
  seeking.current = seek.kind !== "idle";
  const canRate = session?.account !== undefined && !session.account.bot;
  // Correspondence is for accounts (a guest's seek would be refused): its cells say so instead.
  const guest = session !== null && session.account === undefined;

  useEffect(() => {
    if (state !== "connected" || pools !== null) return;
    let current = true;
    void fetchPools(serverUrl()).then((list) => {
      if (current && list.ok) setPools(list.pools);
    });
    return () => {
      current = false;
    };
  }, [state, pools]);

  // The counts, then their changes; the pairing and the end of this tab's seek.
  useEffect(() => {
    if (client === null || state !== "connected") return;
    const socket = client.socket;
    const onCounts = ({ counts: next }: { counts: SeekCounts }) => setCounts(next);
    const onPaired = ({ matchId }: SeekPaired) => {
      seeking.current = false;
      router.push(`/play/${encodeURIComponent(matchId)}`);
    };
    const onEnded = ({ poolId, reason }: SeekEnded) => dispatch({ type: "ended", poolId, reason });
    const onDisconnect = () => dispatch({ type: "disconnected" });
    socket.on("seek:counts", onCounts);
    socket.on("seek:paired", onPaired);
    socket.on("seek:ended", onEnded);
    socket.on("disconnect", onDisconnect);
    void client.request("seek:subscribe", {}).then((ack) => {
      if (ack.ok) setCounts(ack.counts);
    });
    return () => {
      socket.off("seek:counts", onCounts);
      socket.off("seek:paired", onPaired);
      socket.off("seek:ended", onEnded);
      socket.off("disconnect", onDisconnect);
      if (socket.connected) void client.request("seek:unsubscribe", {});
    };
  }, [client, state, connectCount, router]);

  // Leaving the lobby while seeking ends the seek (a pairing would find nobody here to open it).
  useEffect(
    () => () => {
      if (client !== null && seeking.current && client.socket.connected)
        void client.request("seek:cancel", {});
    },
    [client],
  );

  const enter = async (pool: PoolInfo) => {
    if (client === null) return;
    const wantRated = canRate && rated;
    dispatch({ type: "enter", poolId: pool.id });
    const ack = await client.request("seek:enter", { poolId: pool.id, rated: wantRated });
    if (ack.ok) {
      dispatch({ type: "entered", poolId: pool.id, rated: ack.rated });
      return;
    }
    // A playban says how long it lasts: shown as a time on this device's clock.
    const retryAfterMs = "retryAfterMs" in ack ? Number(ack.retryAfterMs) : NaN;
    dispatch({
      type: "refused",
      code: ack.code,
      message: ack.message,
      ...(Number.isFinite(retryAfterMs) ? { until: Date.now() + retryAfterMs } : {}),
    });
  };

  const cancel = async () => {
    if (client === null) return;
    dispatch({ type: "cancelled" });
    await client.request("seek:cancel", {});
  };

  const disabled = state !== "connected";
  const noticeText = (notice: SeekNotice): string => {
    if (notice.kind === "ended") return t(`ended.${notice.reason}`);
    if (notice.code === "playban" && notice.until !== undefined) {
      const time = new Date(notice.until).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
      return t("banned", { time });
    }
    return failureText(errors, locale, notice);
  };
  return (
    <section className="panel pairing" aria-labelledby="pairing-title" data-testid="quick-pairing">
      <div className="panel-head">
        <h2 id="pairing-title">{t("title")}</h2>
        {canRate && (
          <label className="filter" title={t("ratedHint")}>
            <input
              type="checkbox"
              data-testid="seek-rated"
              checked={rated}
              disabled={seek.kind !== "idle"}
              onChange={(e) => setRated(e.target.checked)}
            />{" "}
            {t("rated")}
          </label>
        )}
      </div>
      <p className="muted">{t("intro")}</p>
      {pools === null ? (
        <p className="muted">{t("unavailable")}</p>
      ) : (
        <div className="pool-grid">
          {poolRows(pools).map((row) => (
            <div
              key={`${row.gameId}:${row.correspondence}`}
              className="pool-row"
              data-testid={row.correspondence ? "pool-row-correspondence" : undefined}
            >
              {/* A pool plays its game's default options: named as a room of them is ("Connect Four"). */}
              <span className="pool-game">
                {titleOf(row.gameId, {})}
                {row.correspondence && <span className="pool-kind">{createWords("correspondence")}</span>}
              </span>
              {row.pools.map((pool) => {
                const mine = seek.kind !== "idle" && seek.poolId === pool.id;
                const n = seekersIn(counts, pool.id);
                const tc = pool.timeControl;
                const forAccounts = row.correspondence && guest;
                return (
                  <div key={pool.id} className={`pool-cell${mine ? " seeking" : ""}`}>
                    <button
                      type="button"
                      className="btn"
                      data-testid="pool-cell"
                      data-pool={pool.id}
                      data-seeking={mine}
                      disabled={disabled || mine || forAccounts}
                      title={forAccounts ? t("forAccounts") : undefined}
                      aria-busy={mine}
                      onClick={() => void enter(pool)}
                    >
                      <span className="pool-time">
                        {"daysPerMove" in tc ? createWords("days", { days: tc.daysPerMove }) : pool.name}
                      </span>
                      <span className="pool-count" data-testid="pool-count">
                        {t("seekers", { count: n })}
                      </span>
                    </button>
                    {mine && (
                      <span className="pool-seeking">
                        <span
                          className="spinner"
                          data-testid="seek-spinner"
                          role="status"
                          aria-label={t("seeking")}
                        />
                        <button
                          type="button"
                          className="btn"
                          data-testid="seek-cancel"
                          onClick={() => void cancel()}
                        >
                          {t("cancel")}
                        </button>
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
      {seek.kind === "idle" && seek.notice !== null && (
        <p className="error" role="alert" data-testid="seek-notice">
          {noticeText(seek.notice)}
        </p>
      )}
    </section>
  );
}
