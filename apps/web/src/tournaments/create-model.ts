import type { CreateTournamentInput, TournamentFormat } from "@arena/protocol";
import { MAX_AI_ENTRANTS, MAX_TOURNAMENT_INVITEES, TIME_PRESETS } from "@arena/protocol/values";

/** The "Create a tournament" form as it holds its fields. */
export interface TournamentForm {
  readonly gameId: string;
  readonly format: TournamentFormat;
  /** Empty: the server names it. */
  readonly name: string;
  /** One of the lobby's time presets ("3+2"). */
  readonly time: string;
  /** Swiss. */
  readonly rounds: number;
  /** Arena. */
  readonly durationMinutes: number;
  readonly berserk: boolean;
  /** Round-robin: each pair plays twice, colours swapped. */
  readonly double: boolean;
  /** Any format: each pairing plays two games from one random opening, colours swapped. */
  readonly pairs: boolean;
  readonly rated: boolean;
  readonly maxPlayers: number;
  /** "manual": when the creator presses start; "at": at `startsAt` (a `datetime-local` value). */
  readonly start: "manual" | "at";
  readonly startsAt: string;
  /** One AI entrant per level listed. */
  readonly aiLevels: readonly number[];
  /** Bot accounts to enter, by name, separated by commas. */
  readonly botNames: string;
  /** Only the invitees (and the creator) may join. */
  readonly invitationOnly: boolean;
  /** Accounts to invite, by name, separated by commas or spaces (account names have no spaces). */
  readonly inviteeNames: string;
}

export function defaultTournamentForm(gameId: string): TournamentForm {
  return {
    gameId,
    format: "swiss",
    name: "",
    time: "3+2",
    rounds: 5,
    durationMinutes: 30,
    berserk: false,
    double: false,
    pairs: false,
    rated: false,
    maxPlayers: 64,
    start: "manual",
    startsAt: "",
    aiLevels: [],
    botNames: "",
    invitationOnly: false,
    inviteeNames: "",
  };
}

/** The distinct names in the bot field, as typed (the server matches names without regard to case). */
export function botNamesOf(field: string): string[] {
  const names = field
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
}

/** The longest account name the protocol takes in `invitees`. */
const MAX_INVITEE_NAME = 40;

/** The distinct names in the invitees field, as typed first (the server matches names without regard to case). */
export function inviteeNamesOf(field: string): string[] {
  const first = new Map<string, string>();
  for (const name of field.split(/[\s,]+/)) {
    if (name !== "" && !first.has(name.toLowerCase())) first.set(name.toLowerCase(), name);
  }
  return [...first.values()];
}

/** Adds an AI entrant at `level`, up to the server's limit. */
export function withAi(form: TournamentForm, level: number): TournamentForm {
  if (form.aiLevels.length >= MAX_AI_ENTRANTS) return form;
  return { ...form, aiLevels: [...form.aiLevels, level] };
}

/**
 * One click for a live ladder of the game's AI levels (for Othello, PAIP's strategies up to Iago and ours
 * above): a round-robin with one entrant per level, weakest first, up to the server's limit.
 */
export function aiLadder(form: TournamentForm, levels: readonly number[]): TournamentForm {
  return { ...form, format: "round-robin", aiLevels: levels.slice(0, MAX_AI_ENTRANTS) };
}

export function withoutAi(form: TournamentForm, index: number): TournamentForm {
  return { ...form, aiLevels: form.aiLevels.filter((_, i) => i !== index) };
}

/**
 * Why the form cannot be sent, worded by the page (`tournaments.problem.*`): what only the browser knows
 * (its clock) and the invitees' names. Settings out of the protocol's bounds are the server's to refuse;
 * the page shows its answer (`invalid-payload`, in English naming the field), as it holds no schemas.
 */
export type TournamentProblem = "startTime" | "startPassed" | "invitees" | "inviteeName";

/**
 * The `POST /api/tournaments` body the form asks for, or the problem to show. Each format sends only
 * its own settings. `nowMs`: the wall clock, to refuse a start already past; `parseLocal` reads a
 * `datetime-local` value as ms (the browser's `Date.parse`).
 */
export function tournamentRequest(
  form: TournamentForm,
  nowMs: number,
  parseLocal: (value: string) => number = Date.parse,
):
  | { readonly ok: true; readonly request: CreateTournamentInput }
  | { readonly ok: false; readonly problem: TournamentProblem } {
  const preset = TIME_PRESETS.find((p) => p.name === form.time) ?? TIME_PRESETS[1];
  let startsAt: number | undefined;
  if (form.start === "at") {
    startsAt = parseLocal(form.startsAt);
    if (!Number.isFinite(startsAt)) return { ok: false, problem: "startTime" };
    if (startsAt <= nowMs) return { ok: false, problem: "startPassed" };
  }
  const name = form.name.trim();
  const invitees = inviteeNamesOf(form.inviteeNames);
  // Named here: the server's refusal of either would name only `invitees`.
  if (invitees.length > MAX_TOURNAMENT_INVITEES) return { ok: false, problem: "invitees" };
  if (invitees.some((invitee) => invitee.length > MAX_INVITEE_NAME))
    return { ok: false, problem: "inviteeName" };
  const request: CreateTournamentInput = {
    gameId: form.gameId,
    format: form.format,
    ...(name === "" ? {} : { name }),
    timeControl: { baseMs: preset.baseMs, incrementMs: preset.incrementMs },
    ...(form.format === "swiss" ? { rounds: form.rounds } : {}),
    ...(form.format === "arena"
      ? // A pair's result is two games' total: berserk (a bet on one game's clock) is not offered with it.
        { durationMs: Math.round(form.durationMinutes * 60_000), berserk: form.berserk && !form.pairs }
      : {}),
    ...(form.format === "round-robin" ? { double: form.double } : {}),
    ...(form.pairs ? { pairsFromOneOpening: true } : {}),
    rated: form.rated,
    maxPlayers: form.maxPlayers,
    ...(startsAt === undefined ? {} : { startsAt }),
    entrants: [
      ...form.aiLevels.map((level) => ({ kind: "ai" as const, level })),
      ...botNamesOf(form.botNames).map((name) => ({ kind: "bot" as const, name })),
    ],
    ...(form.invitationOnly ? { invitationOnly: true } : {}),
    ...(invitees.length === 0 ? {} : { invitees }),
  };
  return { ok: true, request };
}
