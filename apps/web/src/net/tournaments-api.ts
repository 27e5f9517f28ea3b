import type { CreateTournamentInput, TournamentView } from "@arena/protocol";
import { type ApiFailure, call, post } from "./players-api";

/** A tournament's page as the API answers it (docs/protocol.md, "Tournaments"). */
export type TournamentAnswer = { readonly ok: true; readonly tournament: TournamentView } | ApiFailure;

/** What a viewer or the creator may do to a tournament, each a `POST /api/tournaments/<id>/<action>`. */
export type TournamentAction =
  | { readonly action: "start" | "join" | "withdraw" | "end" }
  | { readonly action: "pause"; readonly paused: boolean }
  | { readonly action: "remove"; readonly entrant: string };

export const fetchTournament = (id: string) =>
  call<TournamentAnswer>(`/api/tournaments/${encodeURIComponent(id)}`);

/** Creates a tournament for the account holding `token` (guests are refused by the server). */
export const createTournament = (request: CreateTournamentInput, token: string) =>
  call<{ readonly ok: true; readonly id: string }>("/api/tournaments", post(request, token));

/** The body each action sends: empty, `{paused}` or `{entrant}`. */
export function actionBody(command: TournamentAction): Record<string, unknown> {
  if (command.action === "pause") return { paused: command.paused };
  if (command.action === "remove") return { entrant: command.entrant };
  return {};
}

export const tournamentAction = (id: string, command: TournamentAction, token: string) =>
  call<TournamentAnswer>(
    `/api/tournaments/${encodeURIComponent(id)}/${command.action}`,
    post(actionBody(command), token),
  );
