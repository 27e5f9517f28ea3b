"use client";

import type { TournamentFormat } from "@arena/protocol";
import { MAX_AI_ENTRANTS, TIME_PRESETS, TOURNAMENT_FORMATS } from "@arena/protocol/values";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useGameTitle } from "../i18n/use-game-words";
import { type LobbyGame, levelLabel } from "../net/games-api";
import { type TournamentForm, aiLadder, defaultTournamentForm, withAi, withoutAi } from "./create-model";

function isFormat(value: string): value is TournamentFormat {
  return TOURNAMENT_FORMATS.some((f) => f === value);
}

/**
 * The "Create a tournament" form: the format's own settings, the start, AI entrants by level, bot accounts
 * and invitations by name.
 */
export function CreateTournament({
  games,
  disabled,
  onCreate,
}: {
  games: readonly LobbyGame[];
  disabled: boolean;
  onCreate: (form: TournamentForm) => void;
}) {
  const t = useTranslations("tournaments");
  const create = useTranslations("create");
  const common = useTranslations("common");
  const titleOf = useGameTitle();
  const [form, setForm] = useState<TournamentForm | null>(() =>
    games[0] === undefined ? null : defaultTournamentForm(games[0].id),
  );
  const [level, setLevel] = useState(1);
  if (form === null) return <p className="muted">{create("noGames")}</p>;
  const levels = games.find((g) => g.id === form.gameId)?.aiLevels ?? [];
  const number = (key: keyof TournamentForm, label: string, min: number, max: number) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        aria-label={label}
        data-testid={`tournament-${key}`}
        min={min}
        max={max}
        value={Number(form[key])}
        onChange={(e) => setForm({ ...form, [key]: Number(e.target.value) })}
      />
    </label>
  );
  return (
    <form
      className="create-tournament"
      data-testid="create-tournament"
      onSubmit={(e) => {
        e.preventDefault();
        onCreate(form);
      }}
    >
      <label className="field">
        <span>{t("name")}</span>
        <input
          type="text"
          aria-label={t("name")}
          data-testid="tournament-name"
          maxLength={60}
          placeholder={t("namePlaceholder")}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{common("game")}</span>
        <select
          aria-label={common("game")}
          data-testid="tournament-game"
          value={form.gameId}
          onChange={(e) => setForm({ ...form, gameId: e.target.value, aiLevels: [] })}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {titleOf(g.id)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t("formatLabel")}</span>
        <select
          aria-label={t("formatLabel")}
          data-testid="tournament-format"
          value={form.format}
          onChange={(e) => {
            if (isFormat(e.target.value)) setForm({ ...form, format: e.target.value });
          }}
        >
          {TOURNAMENT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`format.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="field">
        <legend>{t("timeControl")}</legend>
        <div className="chips">
          {TIME_PRESETS.map(({ name }) => (
            <label key={name} className={`chip${form.time === name ? " on" : ""}`}>
              <input
                type="radio"
                name="tournament-time"
                value={name}
                checked={form.time === name}
                onChange={() => setForm({ ...form, time: name })}
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      {form.format === "swiss" && number("rounds", t("rounds"), 1, 30)}
      {form.format === "arena" && number("durationMinutes", t("durationMinutes"), 1, 1440)}
      {form.format === "arena" && !form.pairs && (
        <label className="inline field">
          <input
            type="checkbox"
            data-testid="tournament-berserk"
            checked={form.berserk}
            onChange={(e) => setForm({ ...form, berserk: e.target.checked })}
          />{" "}
          {t("berserk")}
        </label>
      )}
      {form.format === "round-robin" && (
        <label className="inline field">
          <input
            type="checkbox"
            data-testid="tournament-double"
            checked={form.double}
            onChange={(e) => setForm({ ...form, double: e.target.checked })}
          />{" "}
          {t("double")}
        </label>
      )}
      <label className="inline field">
        <input
          type="checkbox"
          data-testid="tournament-pairs"
          checked={form.pairs}
          onChange={(e) => setForm({ ...form, pairs: e.target.checked })}
        />{" "}
        {t("pairs.option")}
      </label>
      {number("maxPlayers", t("maxPlayers"), 2, 500)}
      <label className="inline field">
        <input
          type="checkbox"
          data-testid="tournament-rated"
          checked={form.rated}
          onChange={(e) => setForm({ ...form, rated: e.target.checked })}
        />{" "}
        {t("rated")}
      </label>
      <fieldset className="field">
        <legend>{t("start")}</legend>
        <label className="inline">
          <input
            type="radio"
            name="tournament-start"
            checked={form.start === "manual"}
            onChange={() => setForm({ ...form, start: "manual" })}
          />{" "}
          {t("startManual")}
        </label>
        <label className="inline">
          <input
            type="radio"
            name="tournament-start"
            checked={form.start === "at"}
            onChange={() => setForm({ ...form, start: "at" })}
          />{" "}
          {t("startAt")}
        </label>
        {form.start === "at" && (
          <input
            type="datetime-local"
            aria-label={t("startTime")}
            data-testid="tournament-starts-at"
            value={form.startsAt}
            onChange={(e) => setForm({ ...form, startsAt: e.target.value })}
          />
        )}
      </fieldset>
      <fieldset className="field">
        <legend>{t("aiEntrants")}</legend>
        <ul className="ai-entrants" data-testid="ai-entrants">
          {form.aiLevels.map((entrant, i) => (
            <li key={i}>
              {t("aiEntrant", { level: entrant })}{" "}
              <button
                type="button"
                className="btn small"
                aria-label={t("removeAi", { level: entrant })}
                onClick={() => setForm(withoutAi(form, i))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {levels.length === 0 ? (
          <p className="muted small">{t("noAi")}</p>
        ) : (
          <div className="row">
            <select
              aria-label={t("aiLevel")}
              data-testid="ai-level"
              value={Math.min(level, levels.length)}
              onChange={(e) => setLevel(Number(e.target.value))}
            >
              {levels.map((l) => (
                <option key={l.level} value={l.level}>
                  {levelLabel(l, create)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn"
              data-testid="add-ai"
              disabled={form.aiLevels.length >= MAX_AI_ENTRANTS}
              onClick={() => setForm(withAi(form, Math.min(level, levels.length)))}
            >
              {t("addAi")}
            </button>
            <button
              type="button"
              className="btn"
              data-testid="ai-ladder"
              title={t("aiLadderHint")}
              onClick={() =>
                setForm(
                  aiLadder(
                    form,
                    levels.map((l) => l.level),
                  ),
                )
              }
            >
              {t("aiLadder")}
            </button>
          </div>
        )}
      </fieldset>
      <label className="field">
        <span>{t("botEntrants")}</span>
        <input
          type="text"
          data-testid="bot-entrants"
          aria-describedby="bot-entrants-hint"
          value={form.botNames}
          maxLength={400}
          onChange={(e) => setForm({ ...form, botNames: e.target.value })}
        />
        <span id="bot-entrants-hint" className="muted small">
          {t("botEntrantsHint")}
        </span>
      </label>
      <label className="inline field">
        <input
          type="checkbox"
          data-testid="tournament-invitation-only"
          checked={form.invitationOnly}
          onChange={(e) => setForm({ ...form, invitationOnly: e.target.checked })}
        />{" "}
        {t("invitationOnly")}
      </label>
      <label className="field">
        <span>{t("invitees")}</span>
        <input
          type="text"
          data-testid="tournament-invitees"
          aria-describedby="tournament-invitees-hint"
          value={form.inviteeNames}
          onChange={(e) => setForm({ ...form, inviteeNames: e.target.value })}
        />
        <span id="tournament-invitees-hint" className="muted small">
          {t("inviteesHint")}
        </span>
      </label>
      <button
        type="submit"
        className="btn primary"
        data-testid="create-tournament-submit"
        disabled={disabled}
      >
        {t("create")}
      </button>
    </form>
  );
}
