import { type Router as ExpressRouter } from "express";
import { type Logger } from "pino";
import { accountExportRouter } from "../account-data/export-api.js";
import { type Clock } from "../clocks/scheduler.js";
import { accountOf } from "../http/account-of.js";
import { emailRouter } from "../mail/email-api.js";
import { type EmailService } from "../mail/email-service.js";
import { type ArenaServer, guestRoom, sessionRoom } from "../protocol/sockets.js";
import { type MatchStore } from "../store/ports/matches.js";
import { type PlayerStore } from "../store/ports/players.js";
import { type ForecastStore } from "../store/ports/forecasts.js";
import { type QuotaStore } from "../store/ports/quotas.js";
import { type Services } from "../wiring.js";
import { AccountClosing } from "./closing.js";
import { closingRouter } from "./closing-api.js";
import { accountsRouter } from "./http.js";
import { PasswordReset } from "./password-reset.js";
import { passwordResetRouter } from "./password-reset-api.js";
import { sessionsRouter } from "./sessions-api.js";

export interface AccountRoutesDeps {
  readonly io: ArenaServer;
  readonly store: MatchStore;
  readonly players: PlayerStore;
  readonly quotas: QuotaStore;
  readonly forecasts: ForecastStore;
  readonly services: Services;
  /** Absent: the server sends no mail, and has no e-mail or password-reset routes. */
  readonly email: EmailService | undefined;
  readonly trustedProxies: number;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * An account's own API under `/api` (docs/protocol.md, "Accounts", "Sessions", "Password reset", "Export",
 * "Closing an account", "E-mail"): what a person does to their account, mounted on `api`. Answers the
 * account closing, which moderation uses too.
 */
export function mountAccountRoutes(api: ExpressRouter, deps: AccountRoutesDeps): AccountClosing {
  const { io, players, services, email, trustedProxies, clock, logger } = deps;
  const { accounts, rooms } = services;
  // Every socket of the sessions, on every process (through the adapter), is closed: an end is final.
  const sessionsEnded = (ids: readonly string[]): void => {
    for (const id of ids) io.in(sessionRoom(id)).disconnectSockets(true);
  };
  const closing = new AccountClosing({
    players,
    accounts,
    notifications: services.notifications,
    vacations: services.vacations,
    email: email ?? null,
    games: {
      live: async (userId) => (await services.myGames.list(userId)).map((game) => game.matchId),
      resign: async (matchId, user) => {
        const ack = await (
          await rooms.get(matchId)
        )?.submit({ kind: "user", user, inviteOk: false }, { type: "resign" }, null);
        if (ack?.ok === false)
          logger.warn({ matchId, code: ack.code }, "a closed account's game was not resigned");
      },
      clearForecast: (matchId, userId) => deps.forecasts.put(matchId, userId, []),
    },
    clock,
    logger,
    sessionsEnded,
  });
  // Before the accounts router: a registration first frees a closed account's name whose hold is over.
  api.use(closingRouter({ accounts, closing, trustedProxies }));
  api.use(
    accountsRouter({
      accounts,
      store: players,
      trustedProxies,
      sessionEnded: (sessionId) => sessionsEnded([sessionId]),
      guestClaimed: (userId) => io.in(guestRoom(userId)).disconnectSockets(true),
      now: () => clock.now(),
    }),
  );
  api.use(sessionsRouter({ accounts, trustedProxies, sessionsEnded }));
  api.use(
    accountExportRouter({
      accounts,
      quotas: deps.quotas,
      clock,
      data: {
        players,
        matchLog: (matchId) => deps.store.read(matchId, 0),
        matchChat: (matchId) => deps.store.readChat(matchId),
        sessions: (userId) => accounts.listSessions(userId),
        notifications: (userId, limit) => services.notifications.list(userId, limit),
        email: email === undefined ? null : (userId) => email.view(userId),
        vacation: (userId) => services.vacations.status(userId),
      },
    }),
  );
  if (email !== undefined) {
    api.use(emailRouter(email, (req) => accountOf(req, accounts)));
    const reset = new PasswordReset({ players, accounts, email, clock, logger, sessionsEnded });
    api.use(passwordResetRouter(reset, trustedProxies));
    // Each new notification is mailed when its account gave a verified address and wants that kind.
    services.notifications.onNotification((userId, notification) => {
      const { from, ...rest } = notification;
      email
        .mailFor(userId, from === undefined ? rest : { ...rest, from: from.name })
        .catch((error: unknown) =>
          logger.warn({ err: error, userId }, "a notification could not be queued to mail"),
        );
    });
  }
  return closing;
}
