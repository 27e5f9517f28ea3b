"use client";

import { isGameId } from "@arena/engine/registry";
import { TIME_PRESETS } from "@arena/protocol";
import { useState } from "react";
import { webGame } from "../games/registry";
import type { OptionField, SeatChoice } from "../games/web-game";
import { useArena } from "../net/arena-context";
import { type LobbyGame, levelLabel } from "../net/games-api";
import { CUSTOM_TIME, type CreateForm, canBeRated, defaultForm, fitSeats } from "./create-model";

const SEAT_CHOICES: readonly { value: SeatChoice; label: string }[] = [
  { value: "me", label: "Me" },
  { value: "open", label: "Open" },
  { value: "invite", label: "Invite only" },
  { value: "player", label: "Invite a player" },
  { value: "ai", label: "Computer" },
];

/** The words of a "player" seat (kept together for the translators). */
const INVITE_STRINGS = {
  nameLabel: (seat: number) => `Seat ${seat} player's name`,
  namePlaceholder: "Account name",
} as const;

function isSeatChoice(value: string): value is SeatChoice {
  return SEAT_CHOICES.some((c) => c.value === value);
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
  const first = games[0];
  const [form, setForm] = useState<CreateForm | null>(() =>
    first === undefined ? null : defaultForm(first.id),
  );
  if (form === null) return <p className="muted">The server offers no games.</p>;
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
        <span>Game</span>
        <select
          aria-label="Game"
          value={form.gameId}
          onChange={(e) => {
            if (isGameId(e.target.value)) setForm(defaultForm(e.target.value));
          }}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </select>
      </label>
      {web.optionFields
        .filter((field) => web.showsField?.(field, form.options) ?? true)
        .map((field) => (
          <OptionInput
            key={field.key}
            field={field}
            value={form.options[field.key] ?? field.initial}
            onChange={(value) => update({ ...form, options: { ...form.options, [field.key]: value } })}
          />
        ))}
      <fieldset className="field">
        <legend>Time control</legend>
        <div className="chips">
          {[...TIME_PRESETS.map((p) => p.name), CUSTOM_TIME].map((name) => (
            <label key={name} className={`chip${form.time === name ? " on" : ""}`}>
              <input
                type="radio"
                name="time"
                value={name}
                checked={form.time === name}
                onChange={() => setForm({ ...form, time: name })}
              />
              {name}
            </label>
          ))}
        </div>
        {form.time === CUSTOM_TIME && (
          <div className="row">
            <label>
              Minutes{" "}
              <input
                aria-label="Base minutes"
                type="number"
                min={0.1}
                step={0.1}
                value={form.customBaseMinutes}
                onChange={(e) => setForm({ ...form, customBaseMinutes: Number(e.target.value) })}
              />
            </label>
            <label>
              Increment (s){" "}
              <input
                aria-label="Increment seconds"
                type="number"
                min={0}
                value={form.customIncrementSeconds}
                onChange={(e) => setForm({ ...form, customIncrementSeconds: Number(e.target.value) })}
              />
            </label>
          </div>
        )}
      </fieldset>
      <fieldset className="field">
        <legend>Seats</legend>
        {form.seats.map((choice, i) => (
          <div className="row seat-row" key={i}>
            <span className="seat-no">Seat {i + 1}</span>
            <select
              aria-label={`Seat ${i + 1}`}
              value={choice}
              onChange={(e) => {
                if (!isSeatChoice(e.target.value)) return;
                const seats = [...form.seats];
                seats[i] = e.target.value;
                setForm({ ...form, seats });
              }}
            >
              {SEAT_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            {choice === "player" && (
              <input
                type="text"
                data-testid={`seat-invite-name-${i}`}
                aria-label={INVITE_STRINGS.nameLabel(i + 1)}
                placeholder={INVITE_STRINGS.namePlaceholder}
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
                aria-label={`Seat ${i + 1} level`}
                value={Math.min(form.levels[i] ?? 1, game.aiLevels.length)}
                onChange={(e) => {
                  const levels = [...form.levels];
                  levels[i] = Number(e.target.value);
                  setForm({ ...form, levels });
                }}
              >
                {game.aiLevels.map((level) => (
                  <option key={level.level} value={level.level} title={level.description}>
                    {levelLabel(level)}
                  </option>
                ))}
              </select>
            )}
          </div>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>Visibility</legend>
        <label className="inline">
          <input
            type="radio"
            name="visibility"
            checked={form.visibility === "public"}
            onChange={() => setForm({ ...form, visibility: "public" })}
          />{" "}
          Public
        </label>
        <label className="inline">
          <input
            type="radio"
            name="visibility"
            checked={form.visibility === "link"}
            onChange={() => setForm({ ...form, visibility: "link" })}
          />{" "}
          Link only
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
          Rated
        </label>
      )}
      <button type="submit" className="btn primary" disabled={disabled}>
        Create game
      </button>
    </form>
  );
}

function OptionInput({
  field,
  value,
  onChange,
}: {
  field: OptionField;
  value: string | number;
  onChange: (value: string | number) => void;
}) {
  return (
    <label className="field">
      <span>{field.label}</span>
      {field.kind === "choice" ? (
        <select aria-label={field.label} value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {(field.choices ?? []).map((c) => (
            <option key={c} value={c}>
              {field.choiceLabels?.[c] ?? c}
            </option>
          ))}
        </select>
      ) : field.kind === "text" ? (
        <input
          aria-label={field.label}
          type="text"
          value={value}
          placeholder={field.placeholder}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          aria-label={field.label}
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
