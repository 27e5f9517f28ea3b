import { type GameId, getGame } from "@arena/engine/registry";
import type { ClientInput, DaysPerMove, SeatRequest, TimeControl } from "@arena/protocol";
import { DAYS_PER_MOVE, isTimeBankWithinBounds, TIME_PRESETS } from "@arena/protocol/values";
import { webGame } from "../games/registry";
import type { OptionValues, QuickGame, SeatChoice } from "../games/web-game";

export interface CreateForm {
  readonly gameId: GameId;
  /** Raw option values as the form holds them; the engine validates them. */
  readonly options: OptionValues;
  /** A preset name ("3+2"), "custom", or "correspondence" (days per move or a time bank). */
  readonly time: string;
  readonly customBaseMinutes: number;
  readonly customIncrementSeconds: number;
  /** Correspondence: the clock back to a whole period after each move, or a bank with an increment. */
  readonly correspondence: "days" | "bank";
  readonly daysPerMove: DaysPerMove["daysPerMove"];
  readonly bankDays: number;
  readonly incrementDays: number;
  readonly capDays: number;
  readonly seats: readonly SeatChoice[];
  readonly levels: readonly number[];
  /** Per seat: the account name a "player" seat invites. */
  readonly invitees: readonly string[];
  readonly visibility: "public" | "link";
  /** Asked for a rated game (kept only while `canBeRated` holds). */
  readonly rated: boolean;
}

/**
 * Whether the form may ask for a rated game (docs/protocol.md, "Ratings"): a logged-in human host, two
 * seats, no computer among them, and the game's own start (never one the host chose).
 */
export function canBeRated(form: CreateForm, account: { readonly bot: boolean } | undefined): boolean {
  return (
    account !== undefined &&
    !account.bot &&
    form.seats.length === 2 &&
    !form.seats.includes("ai") &&
    !hasChosenStart(form)
  );
}

/** Whether the options pick a start of the host's own (a KRK FEN or distance, an Othello position). */
function hasChosenStart(form: CreateForm): boolean {
  const game = getGame(form.gameId);
  const options = game.parseOptions(optionsPayload(form));
  return options.ok && (game.chosenStart?.(options.value) ?? null) !== null;
}

export const CUSTOM_TIME = "custom";
export const CORRESPONDENCE_TIME = "correspondence";

/** The days-per-move chips, lichess's set (the protocol's `DAYS_PER_MOVE`). */
export const DAYS_CHOICES = DAYS_PER_MOVE;

export function isDaysPerMove(value: number): value is DaysPerMove["daysPerMove"] {
  return DAYS_PER_MOVE.some((days) => days === value);
}

/** The default AI level of a seat the form turns into a computer. */
const DEFAULT_LEVEL = 3;

export function defaultForm(gameId: GameId): CreateForm {
  const options: Record<string, string | number> = {};
  for (const field of webGame(gameId).optionFields) options[field.key] = field.initial;
  return fitSeats({
    gameId,
    options,
    time: "5+0",
    customBaseMinutes: 5,
    customIncrementSeconds: 3,
    correspondence: "days",
    daysPerMove: 2,
    bankDays: 3,
    incrementDays: 1,
    capDays: 7,
    seats: [],
    levels: [],
    invitees: [],
    visibility: "public",
    rated: false,
  });
}

/** The form of one of a game's one-click games against the computer (its registry entry's `quickGames`). */
export function quickForm(gameId: GameId, quick: QuickGame): CreateForm {
  return { ...defaultForm(gameId), seats: quick.seats, levels: quick.levels };
}

/**
 * A game against a bot seen online (the lobby's "Bots online"): the viewer in the first seat, the bot
 * invited by name to the second, in the game NBoard bots play (docs/cli.md, "arena bot").
 */
export function botForm(gameId: GameId, bot: string): CreateForm {
  return { ...defaultForm(gameId), seats: ["me", "player"], invitees: ["", bot] };
}

/** The options object sent to the server, as the game's registry entry writes it. */
export function optionsPayload(form: CreateForm): Record<string, string | number> {
  return webGame(form.gameId).optionsPayload(form.options);
}

/**
 * Why the form cannot be sent: a problem the form finds itself (worded by the page, `create.problem.*`),
 * or the engine's refusal of the options (worded as the error code `invalid-options`, with the engine's
 * message as detail).
 */
export type FormProblem =
  | { readonly ok: false; readonly problem: "seats" | "oneSeat" | "invitee" | "baseTime" | "bank" }
  | { readonly ok: false; readonly problem: "options"; readonly code: string; readonly message: string };

/** How many seats the engine's rules say these options call for, or the engine's refusal. */
export function seatCountOf(form: CreateForm): { ok: true; count: number } | FormProblem {
  const game = getGame(form.gameId);
  const parsed = game.parseOptions(optionsPayload(form));
  if (!parsed.ok) return { ok: false, problem: "options", ...parsed.error };
  return { ok: true, count: game.seatCount(parsed.value) };
}

/** Resizes the seat list to the game's seat count: me first, then open seats. */
export function fitSeats(form: CreateForm): CreateForm {
  const count = seatCountOf(form);
  if (!count.ok) return form;
  const seats: SeatChoice[] = [];
  const levels: number[] = [];
  const invitees: string[] = [];
  for (let i = 0; i < count.count; i++) {
    seats.push(form.seats[i] ?? (i === 0 ? "me" : "open"));
    levels.push(form.levels[i] ?? DEFAULT_LEVEL);
    invitees.push(form.invitees[i] ?? "");
  }
  return { ...form, seats, levels, invitees };
}

/** Whether the form asks for a correspondence game (days per move or a time bank). */
export function isCorrespondenceForm(form: CreateForm): boolean {
  return form.time === CORRESPONDENCE_TIME;
}

/** The time control the form asks for; a bank may be out of the protocol's bounds (`createPayload` says so). */
export function timeControlOf(form: CreateForm): TimeControl {
  if (isCorrespondenceForm(form)) {
    return form.correspondence === "days"
      ? { daysPerMove: form.daysPerMove }
      : { bankDays: form.bankDays, incrementDays: form.incrementDays, capDays: form.capDays };
  }
  const preset = TIME_PRESETS.find((p) => p.name === form.time);
  if (preset !== undefined) return { baseMs: preset.baseMs, incrementMs: preset.incrementMs };
  return {
    baseMs: Math.round(form.customBaseMinutes * 60_000),
    incrementMs: Math.round(form.customIncrementSeconds * 1000),
  };
}

/** What is wrong with the form's time control, if anything: a base under a second, a bank out of bounds. */
function timeProblem(timeControl: TimeControl): FormProblem | null {
  if ("baseMs" in timeControl) return timeControl.baseMs < 1_000 ? { ok: false, problem: "baseTime" } : null;
  if ("bankDays" in timeControl && !isTimeBankWithinBounds(timeControl))
    return { ok: false, problem: "bank" };
  return null;
}

/**
 * The `room:create` payload, or what is wrong with the form. AI levels are kept within
 * 1..`maxLevel`, the server's strongest level for the game (`GET /api/games`).
 */
export function createPayload(
  form: CreateForm,
  maxLevel: number,
  account?: { readonly bot: boolean },
): { ok: true; payload: ClientInput<"room:create"> } | FormProblem {
  const count = seatCountOf(form);
  if (!count.ok) return count;
  if (form.seats.length !== count.count) return { ok: false, problem: "seats" };
  const mine = form.seats.indexOf("me");
  if (form.seats.filter((s) => s === "me").length > 1) return { ok: false, problem: "oneSeat" };
  const invited = form.seats.flatMap((choice, i) =>
    choice === "player" ? [form.invitees[i]?.trim() ?? ""] : [],
  );
  if (invited.includes("")) return { ok: false, problem: "invitee" };
  const seats: SeatRequest[] = form.seats.map((choice, i) =>
    choice === "ai"
      ? { kind: "ai", level: Math.min(maxLevel, Math.max(1, form.levels[i] ?? 1)) }
      : choice === "invite"
        ? { kind: "invite" }
        : choice === "player"
          ? { kind: "invite", name: form.invitees[i]?.trim() ?? "" }
          : { kind: "open" },
  );
  const timeControl = timeControlOf(form);
  const problem = timeProblem(timeControl);
  if (problem !== null) return problem;
  return {
    ok: true,
    payload: {
      gameId: form.gameId,
      options: optionsPayload(form),
      timeControl,
      seats,
      rated: form.rated && canBeRated(form, account),
      visibility: form.visibility,
      ...(mine >= 0 ? { sit: mine } : {}),
    },
  };
}

export function inviteLink(origin: string, matchId: string, inviteToken: string | undefined): string {
  const base = `${origin}/play/${encodeURIComponent(matchId)}`;
  return inviteToken === undefined ? base : `${base}?invite=${encodeURIComponent(inviteToken)}`;
}
