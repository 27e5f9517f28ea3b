import {
  DisplayName,
  failure,
  type GamesResponse,
  type PoolsResponse,
  MatchId,
  RoomsQuery,
  type RoomsResponse,
  TIME_PRESETS,
} from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type AnalysisService } from "../analysis/service.js";
import { gameCatalogue } from "../games/catalogue.js";
import { type Accounts } from "../accounts/service.js";
import { type Identity } from "../identity/tokens.js";
import { type Quotas } from "../quotas/quotas.js";
import { type Rooms } from "../rooms/rooms.js";
import { POOLS } from "../seeks/pools.js";
import { analysisRouter } from "./analysis-api.js";
import { clientAddress } from "./client-address.js";
import { exportRouter } from "./export-api.js";

export interface ApiDeps {
  readonly rooms: Rooms;
  readonly quotas: Quotas;
  readonly identity: Identity;
  readonly accounts: Accounts;
  readonly analysis: AnalysisService;
  /** Proxies in front whose `X-Forwarded-For` entries are believed (docs/protocol.md, "Quotas"). */
  readonly trustedProxies: number;
}

/** The REST API under `/api` (docs/protocol.md, "HTTP"). */
export function apiRouter({ rooms, quotas, identity, accounts, analysis, trustedProxies }: ApiDeps): Router {
  const router = Router();
  router.use(analysisRouter(analysis, accounts, trustedProxies));
  router.use(exportRouter(rooms, quotas, trustedProxies));

  router.post("/session", async (req: Request, res: Response) => {
    const body: unknown = req.body;
    const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const resolved = await accounts.resolve(record.token).catch(() => null);
    // An account's session is answered as it is: its name is its username (docs/protocol.md, "Accounts").
    if (resolved?.account != null) {
      res.json({
        ok: true,
        token: resolved.token,
        user: resolved.user,
        account: { bot: resolved.account.bot },
      });
      return;
    }
    const existing = resolved?.user ?? null;
    const name = DisplayName.safeParse(record.name);
    if (record.name !== undefined && !name.success) {
      const problem = name.error.issues[0]?.message ?? "not a valid name";
      res.status(400).json({ ok: false, code: "invalid-payload", message: `name: ${problem}` });
      return;
    }
    // A new guest identity is counted per address: minting them without end fills lists and quotas.
    if (existing === null) {
      const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
      const limited = await quotas.newGuest(address);
      if (limited !== null) {
        res.status(429).json(limited);
        return;
      }
    }
    if (name.success) {
      const refused = await accounts
        .checkGuestName(name.data)
        .catch(() => failure("store-unavailable", "the player store is unavailable"));
      if (refused !== null) {
        res.status(refused.code === "store-unavailable" ? 503 : 409).json(refused);
        return;
      }
    }
    const base = existing ?? identity.newGuest().user;
    const user = name.success ? { ...base, name: name.data } : base;
    res.json({ ok: true, token: identity.issue(user), user });
  });

  router.get("/games", (_req, res) => {
    const body: GamesResponse = { ok: true, games: gameCatalogue(), timePresets: TIME_PRESETS };
    res.json(body);
  });

  // The quick-pairing grid (docs/protocol.md, "Quick pairing").
  router.get("/pools", (_req, res) => {
    const body: PoolsResponse = { ok: true, pools: POOLS };
    res.json(body);
  });

  // One page of the lobby (docs/protocol.md, "Lobby"): `gameId`, `status`, `after`, `limit` (≤ 50).
  router.get("/rooms", async (req, res) => {
    const query = RoomsQuery.safeParse(req.query);
    if (!query.success) {
      const issue = query.error.issues[0];
      const where = issue === undefined ? "query" : `${issue.path.join(".") || "query"}: ${issue.message}`;
      res.status(400).json({ ok: false, code: "invalid-payload", message: where.slice(0, 200) });
      return;
    }
    const body: RoomsResponse = { ok: true, ...(await rooms.lobbyPage(query.data)) };
    res.json(body);
  });

  router.get("/matches/:id", async (req: Request<{ id: string }>, res: Response) => {
    const id = MatchId.safeParse(req.params.id);
    if (!id.success) {
      res.status(400).json({ ok: false, code: "invalid-payload", message: "bad match id" });
      return;
    }
    const room = await rooms.get(id.data);
    if (room === null) {
      res.status(404).json({ ok: false, code: "not-found", message: "no such match" });
      return;
    }
    res.json({ ok: true, match: await room.read(() => room.snapshot()) });
  });

  return router;
}
