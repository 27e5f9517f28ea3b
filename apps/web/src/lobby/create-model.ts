import { TIME_PRESETS, type ClientInput, type SeatSpec } from "@arena/protocol";
import { ENGINE_GAMES, maxAiLevel, type WebGameId } from "../games/engines";

export type SeatChoice = "me" | "open" | "invite" | "ai";

export interface CreateForm {
  readonly gameId: WebGameId;
  /** Raw option values as the form holds them; the engine validates them. */
  readonly options: Readonly<Record<string, string | number>>;
  /** A preset name ("3+2") or "custom". */
  readonly time: string;
  readonly customBaseMinutes: number;
  readonly customIncrementSeconds: number;
  readonly seats: readonly SeatChoice[];
  readonly levels: readonly number[];
  readonly visibility: "public" | "link";
}

/** The option fields each game offers, with the engine's bounds (games.md). */
export interface OptionField {
  readonly key: string;
  readonly label: string;
  readonly kind: "number" | "choice";
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  readonly initial: string | number;
}

export const OPTION_FIELDS: Readonly<Record<WebGameId, readonly OptionField[]>> = {
  othello: [],
  "connect-k": [
    {
      key: "preset",
      label: "Board",
      kind: "choice",
      choices: ["connect-four", "trilobite", "tiny", "custom"],
      initial: "connect-four",
    },
    { key: "width", label: "Columns", kind: "number", min: 3, max: 9, initial: 7 },
    { key: "height", label: "Rows", kind: "number", min: 3, max: 10, initial: 6 },
    { key: "k", label: "In a row", kind: "number", min: 3, max: 8, initial: 4 },
  ],
  "dice-of-doom": [
    { key: "players", label: "Players", kind: "number", min: 2, max: 4, initial: 3 },
    { key: "size", label: "Board size", kind: "number", min: 2, max: 8, initial: 4 },
    { key: "maxDice", label: "Max dice", kind: "number", min: 2, max: 8, initial: 3 },
    { key: "rules", label: "Rules", kind: "choice", choices: ["classic", "chance"], initial: "classic" },
  ],
};

export const CUSTOM_TIME = "custom";

export function defaultForm(gameId: WebGameId): CreateForm {
  const options: Record<string, string | number> = {};
  for (const field of OPTION_FIELDS[gameId]) options[field.key] = field.initial;
  const form: CreateForm = {
    gameId,
    options,
    time: "5+0",
    customBaseMinutes: 5,
    customIncrementSeconds: 3,
    seats: [],
    levels: [],
    visibility: "public",
  };
  return fitSeats(form);
}

/** The options object sent to the server: a connect-k preset drops the size fields it fixes. */
export function optionsPayload(form: CreateForm): Record<string, string | number> {
  const options = { ...form.options };
  if (form.gameId === "connect-k" && options.preset !== "custom") {
    delete options.width;
    delete options.height;
    delete options.k;
  }
  if (form.gameId === "connect-k" && options.preset === "custom") delete options.preset;
  return options;
}

/** How many seats the engine says these options call for, or an error message. */
export function seatCountOf(form: CreateForm): { ok: true; count: number } | { ok: false; message: string } {
  const game = ENGINE_GAMES[form.gameId];
  const parsed = game.parseOptions(optionsPayload(form));
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  return { ok: true, count: game.seatCount(parsed.value) };
}

/** Resizes the seat list to the game's seat count: me first, then AIs. */
export function fitSeats(form: CreateForm): CreateForm {
  const count = seatCountOf(form);
  if (!count.ok) return form;
  const seats: SeatChoice[] = [];
  const levels: number[] = [];
  for (let i = 0; i < count.count; i++) {
    seats.push(form.seats[i] ?? (i === 0 ? "me" : "open"));
    levels.push(form.levels[i] ?? 3);
  }
  return { ...form, seats, levels };
}

export function timeControlOf(form: CreateForm): { baseMs: number; incrementMs: number } {
  const preset = TIME_PRESETS.find((p) => p.name === form.time);
  if (preset !== undefined) return { baseMs: preset.baseMs, incrementMs: preset.incrementMs };
  return {
    baseMs: Math.round(form.customBaseMinutes * 60_000),
    incrementMs: Math.round(form.customIncrementSeconds * 1000),
  };
}

/** The `room:create` payload, or a message saying what is wrong with the form. */
export function createPayload(
  form: CreateForm,
): { ok: true; payload: ClientInput<"room:create"> } | { ok: false; message: string } {
  const count = seatCountOf(form);
  if (!count.ok) return count;
  if (form.seats.length !== count.count) return { ok: false, message: "seat list does not fit the game" };
  const mine = form.seats.indexOf("me");
  if (form.seats.filter((s) => s === "me").length > 1) return { ok: false, message: "take at most one seat" };
  const seats: SeatSpec[] = form.seats.map((choice, i) =>
    choice === "ai"
      ? { kind: "ai", level: Math.min(maxAiLevel(form.gameId), Math.max(1, form.levels[i] ?? 1)) }
      : choice === "invite"
        ? { kind: "invite" }
        : { kind: "open" },
  );
  const timeControl = timeControlOf(form);
  if (timeControl.baseMs < 1_000) return { ok: false, message: "the base time is at least one second" };
  return {
    ok: true,
    payload: {
      gameId: form.gameId,
      options: optionsPayload(form),
      timeControl,
      seats,
      rated: false,
      visibility: form.visibility,
      ...(mine >= 0 ? { sit: mine } : {}),
    },
  };
}

/** One-click games against the computer. */
export const QUICK_GAMES: readonly { label: string; form: CreateForm }[] = [
  {
    label: "Othello vs computer",
    form: { ...defaultForm("othello"), seats: ["me", "ai"], levels: [3, 3] },
  },
  {
    label: "Connect Four vs computer",
    form: { ...defaultForm("connect-k"), seats: ["me", "ai"], levels: [3, 3] },
  },
  {
    label: "Dice of Doom vs 2 computers",
    form: { ...defaultForm("dice-of-doom"), seats: ["me", "ai", "ai"], levels: [3, 2, 2] },
  },
];

export function inviteLink(origin: string, matchId: string, inviteToken: string | undefined): string {
  const base = `${origin}/play/${encodeURIComponent(matchId)}`;
  return inviteToken === undefined ? base : `${base}?invite=${encodeURIComponent(inviteToken)}`;
}
