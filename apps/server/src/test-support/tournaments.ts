import { type TournamentView } from "@arena/protocol";

/** A test's calls to the tournaments HTTP API of the server at `url`, as the account with `token`. */
export function tournamentApi(url: string, token: string) {
  return {
    /** `POST /api<path>` with a JSON body and the bearer token. */
    post: (path: string, body: unknown = {}): Promise<Response> =>
      fetch(`${url}/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    view: (id: string): Promise<TournamentView> => tournamentView(url, id),
  };
}

/** `GET /api/tournaments/<id>`: its view. */
export async function tournamentView(url: string, id: string): Promise<TournamentView> {
  return ((await (await fetch(`${url}/api/tournaments/${id}`)).json()) as { tournament: TournamentView })
    .tournament;
}

/**
 * The tournament's view once it finished (its AI games play on the real clock), or as it was after
 * `timeoutMs`: the caller's expectation then says what was left.
 */
export async function finishedTournament(
  url: string,
  id: string,
  timeoutMs = 170_000,
): Promise<TournamentView> {
  const deadline = Date.now() + timeoutMs;
  let view = await tournamentView(url, id);
  while (view.status !== "finished" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    view = await tournamentView(url, id);
  }
  return view;
}
