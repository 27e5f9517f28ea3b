import {
  CreateTournamentRequest,
  type Failure,
  PauseTournamentRequest,
  RemoveEntrantRequest,
  TournamentId,
  type TournamentsResponse,
  type UserRef,
} from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type Accounts } from "../accounts/service.js";
import { type Blocks } from "../blocks/service.js";
import { type Quotas } from "../quotas/quotas.js";
import { type PlayerStore } from "../store/ports/players.js";
import { type Asker, type TournamentAction, type Tournaments } from "../tournaments/service.js";

const STATUS: Partial<Record<Failure["code"], number>> = {
  "invalid-payload": 400,
  forbidden: 403,
  "not-found": 404,
  "rate-limited": 429,
  quota: 429,
  "store-unavailable": 503,
  internal: 500,
};

function refuse(res: Response, failure: Failure & { retryAfterMs?: number }): void {
  if (failure.retryAfterMs !== undefined)
    res.setHeader("Retry-After", Math.ceil(failure.retryAfterMs / 1000));
  res.status(STATUS[failure.code] ?? 409).json(failure);
}

const bad = (message: string): Failure => ({ ok: false, code: "invalid-payload", message });

export interface TournamentsApiDeps {
  readonly tournaments: Tournaments;
  readonly accounts: Accounts;
  readonly players: PlayerStore;
  readonly quotas: Quotas;
  /** An invitation by name to someone a block keeps apart is refused (docs/protocol.md, "Blocks"). */
  readonly blocks: Blocks;
}

/** Tournaments under `/api` (docs/protocol.md, "Tournaments"): bearer auth for every change. */
export function tournamentsRouter({
  tournaments,
  accounts,
  players,
  quotas,
  blocks,
}: TournamentsApiDeps): Router {
  const router = Router();

  async function askerOf(req: Request): Promise<Asker | null> {
    const header = req.headers.authorization;
    if (header?.startsWith("Bearer ") !== true) return null;
    const resolved = await accounts.resolve(header.slice("Bearer ".length).trim());
    if (resolved === null) return null;
    return {
      user: resolved.user,
      account: resolved.account !== null,
      bot: resolved.account?.bot ?? false,
      rating: async (gameId) => {
        const ratings = await players.ratingsOf(resolved.user.id).catch(() => []);
        return ratings.find((r) => r.gameId === gameId)?.rating ?? 1500;
      },
    };
  }

  const noUser = (res: Response) =>
    res
      .status(401)
      .json({ ok: false, code: "forbidden", message: "send your token: Authorization: Bearer <token>" });

  router.post("/tournaments", async (req: Request, res: Response) => {
    const asker = await askerOf(req);
    if (asker === null) return noUser(res);
    const body = CreateTournamentRequest.safeParse(req.body);
    if (!body.success) {
      const issue = body.error.issues[0];
      return refuse(
        res,
        bad(`${issue?.path.join(".") ?? "body"}: ${issue?.message ?? "not a tournament"}`.slice(0, 200)),
      );
    }
    if (!asker.account)
      return refuse(res, {
        ok: false,
        code: "forbidden",
        message: "only an account may create a tournament: register first",
      });
    const limited = await quotas.tournamentAction(asker.user.id);
    if (limited !== null) return refuse(res, limited);
    const bots = await botEntrants(accounts, body.data.entrants);
    if (!bots.ok) return refuse(res, bots);
    const invitees = await accountsNamed(accounts, body.data.invitees);
    if (!invitees.ok) return refuse(res, invitees);
    const blocked = await blocks.refusal(
      asker.user.id,
      invitees.users.map((user) => user.id),
    );
    if (blocked !== null) return refuse(res, blocked);
    const created = await tournaments.create(asker, body.data, bots.users, invitees.users);
    if (!created.ok) return refuse(res, created);
    res.status(201).json(created);
  });

  router.get("/tournaments", async (_req: Request, res: Response) => {
    const body: TournamentsResponse = { ok: true, tournaments: await tournaments.list() };
    res.json(body);
  });

  router.get("/tournaments/:id", async (req: Request<{ id: string }>, res: Response) => {
    const id = TournamentId.safeParse(req.params.id);
    if (!id.success) return refuse(res, bad("bad tournament id"));
    const tournament = await tournaments.view(id.data);
    if (tournament === null)
      return refuse(res, { ok: false, code: "not-found", message: "no such tournament" });
    res.json({ ok: true, tournament });
  });

  const ACTIONS: Record<string, (body: unknown) => TournamentAction | Failure> = {
    start: () => ({ type: "start" }),
    join: () => ({ type: "join" }),
    withdraw: () => ({ type: "withdraw" }),
    end: () => ({ type: "end" }),
    pause: (body) => {
      const parsed = PauseTournamentRequest.safeParse(body);
      return parsed.success ? { type: "pause", paused: parsed.data.paused } : bad("expected {paused}");
    },
    remove: (body) => {
      const parsed = RemoveEntrantRequest.safeParse(body);
      return parsed.success ? { type: "remove", entrant: parsed.data.entrant } : bad("expected {entrant}");
    },
  };

  router.post(
    "/tournaments/:id/:action",
    async (req: Request<{ id: string; action: string }>, res: Response) => {
      const parse = Object.hasOwn(ACTIONS, req.params.action) ? ACTIONS[req.params.action] : undefined;
      if (parse === undefined)
        return refuse(res, { ok: false, code: "not-found", message: "no such action" });
      const id = TournamentId.safeParse(req.params.id);
      if (!id.success) return refuse(res, bad("bad tournament id"));
      const asker = await askerOf(req);
      if (asker === null) return noUser(res);
      const action = parse(req.body ?? {});
      if ("ok" in action) return refuse(res, action);
      if (action.type === "join" || action.type === "withdraw") {
        const limited = await quotas.tournamentAction(asker.user.id);
        if (limited !== null) return refuse(res, limited);
      }
      const answer = await tournaments.command(id.data, asker, action);
      if (!answer.ok) return refuse(res, answer);
      res.json(answer);
    },
  );

  return router;
}

/** The accounts a create request invites by name: each must exist. */
async function accountsNamed(
  accounts: Accounts,
  names: readonly string[],
): Promise<{ ok: true; users: UserRef[] } | Failure> {
  const users: UserRef[] = [];
  for (const name of names) {
    const account = await accounts.account(name);
    if (account === null) return { ok: false, code: "not-found", message: `no account is named '${name}'` };
    users.push({ id: account.id, name: account.name });
  }
  return { ok: true, users };
}

/** The bot accounts a create request names: each must exist and be a bot (people enter themselves). */
async function botEntrants(
  accounts: Accounts,
  entrants: CreateTournamentRequest["entrants"],
): Promise<{ ok: true; users: UserRef[] } | Failure> {
  const users: UserRef[] = [];
  for (const entrant of entrants) {
    if (entrant.kind !== "bot") continue;
    const account = await accounts.account(entrant.name);
    if (account === null)
      return { ok: false, code: "not-found", message: `no account is named '${entrant.name}'` };
    if (!account.bot)
      return {
        ok: false,
        code: "bad-settings",
        message: `'${account.name}' is not a bot account: people join the tournament themselves`,
      };
    users.push({ id: account.id, name: account.name });
  }
  return { ok: true, users };
}
