"use client";

import { isGameId } from "@arena/engine/registry";
import { TIME_PRESETS } from "@arena/protocol/values";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { webGame } from "../games/registry";
import type { OptionField, SeatChoice } from "../games/web-game";
import { useArena } from "../net/arena-context";
import { useGameTitle, useGameWords } from "../i18n/use-game-words";
import type { Words } from "../i18n/words";
import { type LobbyGame, levelLabel } from "../net/games-api";
import { CorrespondenceFields } from "./correspondence-fields";
import {
  CORRESPONDENCE_TIME,
  CUSTOM_TIME,
  type CreateForm,
  canBeRated,
  defaultForm,
  fitSeats,
} from "./create-model";

const SEAT_CHOICES: readonly SeatChoice[] = ["me", "open", "invite", "player", "ai"];

function isSeatChoice(value: string): value is SeatChoice {
  return SEAT_CHOICES.some((c) => c === value);
}

/** The "Create game" form over the server's games: options, time control, seats, visibility. */
export function CreateGame({
  games,
  disabled,
  onCreate,
}: {
  games: readonly LobbyGame[];
  disabled: boolean;
  onCreate: (form: CreateForm) => void;
}) {
  const { session } = useArena();
  const t = useTranslations("create");
  const common = useTranslations("common");
  const locale = useLocale();
  const titleOf = useGameTitle();
  const first = games[0];
  const [form, setForm] = useState<CreateForm | null>(() =>
    first === undefined ? null : defaultForm(first.id),
  );
  if (form === null) return <p className="muted">{t("noGames")}</p>;
  const game = games.find((g) => g.id === form.gameId);
  const web = webGame(form.gameId);
  const update = (next: CreateForm) => setForm(fitSeats(next));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onCreate(form);
      }}
    >
      <label className="field">
        <span>{common("game")}</span>
        <select
          aria-label={common("game")}
          value={form.gameId}
          onChange={(e) => {
            if (isGameId(e.target.value)) setForm(defaultForm(e.target.value));
          }}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {titleOf(g.id)}
            </option>
          ))}
        </select>
      </label>
      {web.optionFields
        .filter((field) => web.showsField?.(field, form.options) ?? true)
        .map((field) => (
          <OptionInput
            key={field.key}
            gameId={form.gameId}
            field={field}
            value={form.options[field.key] ?? field.initial}
            onChange={(value) => update({ ...form, options: { ...form.options, [field.key]: value } })}
          />
        ))}
      <fieldset className="field">
        <legend>{t("timeControl")}</legend>
        <div className="chips">
          {[...TIME_PRESETS.map((p) => p.name), CUSTOM_TIME, CORRESPONDENCE_TIME].map((name) => (
            <label key={name} className={`chip${form.time === name ? " on" : ""}`}>
              <input
                type="radio"
                name="time"
                value={name}
                data-testid={`time-${name}`}
                checked={form.time === name}
                onChange={() => setForm({ ...form, time: name })}
              />
              {name === CUSTOM_TIME ? t("custom") : name === CORRESPONDENCE_TIME ? t("correspondence") : name}
            </label>
          ))}
        </div>
        {form.time === CUSTOM_TIME && (
          <div className="row">
            <label>
              {t("minutes")}{" "}
              <input
                aria-label={t("baseMinutes")}
                type="number"
                min={0.1}
                step={0.1}
                value={form.customBaseMinutes}
                onChange={(e) => setForm({ ...form, customBaseMinutes: Number(e.target.value) })}
              />
            </label>
            <label>
              {t("increment")}{" "}
              <input
                aria-label={t("incrementSeconds")}
                type="number"
                min={0}
                value={form.customIncrementSeconds}
                onChange={(e) => setForm({ ...form, customIncrementSeconds: Number(e.target.value) })}
              />
            </label>
          </div>
        )}
        {form.time === CORRESPONDENCE_TIME && <CorrespondenceFields form={form} onChange={setForm} />}
      </fieldset>
      <fieldset className="field">
        <legend>{t("seats")}</legend>
        {form.seats.map((choice, i) => (
          <div className="row seat-row" key={i}>
            <span className="seat-no">{t("seat", { number: i + 1 })}</span>
            <select
              aria-label={t("seat", { number: i + 1 })}
              value={choice}
              onChange={(e) => {
                if (!isSeatChoice(e.target.value)) return;
                const seats = [...form.seats];
                seats[i] = e.target.value;
                setForm({ ...form, seats });
              }}
            >
              {SEAT_CHOICES.map((c) => (
                <option key={c} value={c}>
                  {t(`choice.${c}`)}
                </option>
              ))}
            </select>
            {choice === "player" && (
              <input
                type="text"
                data-testid={`seat-invite-name-${i}`}
                aria-label={t("inviteeName", { number: i + 1 })}
                placeholder={t("inviteePlaceholder")}
                spellCheck={false}
                autoComplete="off"
                maxLength={64}
                value={form.invitees[i] ?? ""}
                onChange={(e) => {
                  const invitees = [...form.invitees];
                  invitees[i] = e.target.value;
                  setForm({ ...form, invitees });
                }}
              />
            )}
            {choice === "ai" && game !== undefined && game.aiLevels.length > 0 && (
              <select
                aria-label={t("seatLevel", { number: i + 1 })}
                value={Math.min(form.levels[i] ?? 1, game.aiLevels.length)}
                onChange={(e) => {
                  const levels = [...form.levels];
                  levels[i] = Number(e.target.value);
                  setForm({ ...form, levels });
                }}
              >
                {game.aiLevels.map((level) => (
                  <option
                    key={level.level}
                    value={level.level}
                    title={locale === "en" ? level.description : undefined}
                  >
                    {levelLabel(level, t)}
                  </option>
                ))}
              </select>
            )}
          </div>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>{t("visibility")}</legend>
        <label className="inline">
          <input
            type="radio"
            name="visibility"
            checked={form.visibility === "public"}
            onChange={() => setForm({ ...form, visibility: "public" })}
          />{" "}
          {t("public")}
        </label>
        <label className="inline">
          <input
            type="radio"
            name="visibility"
            checked={form.visibility === "link"}
            onChange={() => setForm({ ...form, visibility: "link" })}
          />{" "}
          {t("link")}
        </label>
      </fieldset>
      {canBeRated(form, session?.account) && (
        <label className="inline field">
          <input
            type="checkbox"
            data-testid="rated-checkbox"
            checked={form.rated}
            onChange={(e) => setForm({ ...form, rated: e.target.checked })}
          />{" "}
          {t("rated")}
        </label>
      )}
      <button type="submit" className="btn primary" disabled={disabled}>
        {t("submit")}
      </button>
    </form>
  );
}

/** A choice as the game's messages name it, or as its value when they do not. */
function choiceLabel(field: OptionField, choice: string, words: Words): string {
  const key = field.choiceLabels?.[choice];
  return key === undefined ? choice : words(key);
}

function OptionInput({
  gameId,
  field,
  value,
  onChange,
}: {
  gameId: string;
  field: OptionField;
  value: string | number;
  onChange: (value: string | number) => void;
}) {
  const words = useGameWords(gameId);
  const label = words(field.label);
  return (
    <label className="field">
      <span>{label}</span>
      {field.kind === "choice" ? (
        <select aria-label={label} value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {(field.choices ?? []).map((c) => (
            <option key={c} value={c}>
              {choiceLabel(field, c, words)}
            </option>
          ))}
        </select>
      ) : field.kind === "text" ? (
        <input
          aria-label={label}
          type="text"
          value={value}
          placeholder={field.placeholder}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          aria-label={label}
          type="number"
          min={field.min}
          max={field.max}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
        />
      )}
    </label>
  );
}
