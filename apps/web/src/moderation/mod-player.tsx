"use client";

import { DEFAULT_GAME_ID, GAME_IDS } from "@arena/engine/registry";
import type { ModActionRequest, ModPlayerView } from "@arena/protocol";
import { asMatchId, SPEEDS } from "@arena/protocol/values";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { failureText } from "../i18n/errors";
import { fetchModPlayer, modAction } from "../net/moderation-api";
import type { Refusal } from "../room/command-status";
import { REASON_KEYS } from "./report-button";
import { useGameTitle } from "../i18n/use-game-words";

/** The lengths a moderator picks for a mute or a ban, in minutes (a ban may also be for good). */
const LENGTHS = [10, 60, 24 * 60, 7 * 24 * 60, 30 * 24 * 60] as const;

/**
 * One player as moderators see them (docs/web.md, "Moderation"): standing, sanctions, reports about them,
 * recent games and chat lines, and the actions, each asking for its reason.
 */
export function ModPlayer({ token, name, onActed }: { token: string; name: string; onActed: () => void }) {
  const t = useTranslations("moderation");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [view, setView] = useState<ModPlayerView | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [why, setWhy] = useState("");
  const [minutes, setMinutes] = useState<number>(LENGTHS[1]);
  const gameTitle = useGameTitle();
  const [pool, setPool] = useState<{ gameId: string; speed: (typeof SPEEDS)[number] }>({
    gameId: DEFAULT_GAME_ID,
    speed: "blitz",
  });

  const load = useCallback(async () => {
    const answer = await fetchModPlayer(token, name);
    if (answer.ok) setView(answer.player);
    else setRefusal(answer);
  }, [token, name]);
  useEffect(() => {
    void load();
  }, [load]);

  const date = (at: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(at);
  const act = async (action: ModActionRequest) => {
    const answer = await modAction(token, action);
    setRefusal(answer.ok ? null : answer);
    if (answer.ok) setWhy("");
    await load();
    onActed();
  };
  const error = refusal !== null && (
    <p className="error" role="alert" data-testid="mod-player-error">
      {failureText(errors, locale, refusal)}
    </p>
  );
  if (view === null) return error === false ? <p className="muted">{t("loading")}</p> : error;
  const target = view.user.name;

  return (
    <div className="mod-player" data-testid="mod-player">
      <h3>{target}</h3>
      <p data-testid="mod-standing">
        {view.banned !== null
          ? view.banned.until === null
            ? t("standingBannedForGood", { why: view.banned.why })
            : t("standingBanned", { why: view.banned.why, end: date(view.banned.until) })
          : view.muted !== null
            ? t("standingMuted", { why: view.muted.why, end: date(view.muted.until) })
            : t("standingClear")}
      </p>
      {error}
      <fieldset className="mod-actions">
        <legend>{t("actions")}</legend>
        <input
          className="mod-why"
          data-testid="mod-why"
          placeholder={t("why")}
          maxLength={500}
          value={why}
          onChange={(event) => setWhy(event.target.value)}
        />
        <label>
          {t("length")}{" "}
          <select
            data-testid="mod-length"
            value={minutes}
            onChange={(event) => setMinutes(Number(event.target.value))}
          >
            {LENGTHS.map((m) => (
              <option key={m} value={m}>
                {t("minutes", { minutes: m })}
              </option>
            ))}
          </select>
        </label>
        <div className="mod-buttons">
          <button
            type="button"
            className="btn small"
            data-testid="mod-warn"
            onClick={() => void act({ action: "warn", name: target, why })}
          >
            {t("warn")}
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="mod-mute"
            onClick={() => void act({ action: "mute", name: target, why, minutes })}
          >
            {t("mute")}
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="mod-ban"
            onClick={() => void act({ action: "ban", name: target, why, minutes })}
          >
            {t("ban")}
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="mod-ban-forever"
            onClick={() => void act({ action: "ban", name: target, why })}
          >
            {t("banForGood")}
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="mod-close-account"
            onClick={() => void act({ action: "close-account", name: target, why })}
          >
            {t("closeAccount")}
          </button>
        </div>
        <div className="mod-buttons">
          <select
            aria-label={t("gameId")}
            value={pool.gameId}
            onChange={(event) => setPool({ ...pool, gameId: event.target.value })}
          >
            {GAME_IDS.map((id) => (
              <option key={id} value={id}>
                {gameTitle(id)}
              </option>
            ))}
          </select>
          <select
            aria-label={t("speed")}
            value={pool.speed}
            onChange={(event) => setPool({ ...pool, speed: event.target.value as (typeof SPEEDS)[number] })}
          >
            {SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {speed}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn small"
            data-testid="mod-reset-rating"
            onClick={() => void act({ action: "reset-rating", name: target, ...pool, why })}
          >
            {t("resetRating")}
          </button>
        </div>
      </fieldset>
      <h4>{t("sanctions")}</h4>
      <ul className="mod-list" data-testid="mod-sanctions">
        {view.sanctions.map((s) => (
          <li key={s.id}>
            {date(s.at)} · {t(`action.${s.kind}`)} · {s.by} · <q>{s.why}</q>
            {s.until !== null && <> · {t("until", { end: date(s.until) })}</>}
          </li>
        ))}
      </ul>
      <h4>{t("reportsAbout")}</h4>
      <ul className="mod-list">
        {view.reports.map((r) => (
          <li key={r.id}>
            {date(r.createdAt)} · {t(REASON_KEYS[r.reason])} · {t("by", { name: r.reporter.name })} ·{" "}
            {t(`status.${r.status}`)}
          </li>
        ))}
      </ul>
      <h4>{t("chat")}</h4>
      <ul className="mod-list" data-testid="mod-chat">
        {view.chat.map((line) => (
          <li key={`${line.matchId}:${line.id}`}>
            {date(line.at)} · <q>{line.phrase ?? line.text}</q>{" "}
            <button
              type="button"
              className="link-btn small"
              data-testid="mod-remove-line"
              onClick={() =>
                void act({ action: "remove-line", matchId: asMatchId(line.matchId), lineId: line.id, why })
              }
            >
              {t("removeLine")}
            </button>
          </li>
        ))}
      </ul>
      <h4>{t("games")}</h4>
      <ul className="mod-list">
        {view.games.map((g) => (
          <li key={g.matchId}>
            <a href={`/play/${encodeURIComponent(g.matchId)}`}>{g.gameId}</a> · {date(g.endedAt)}
          </li>
        ))}
      </ul>
    </div>
  );
}
