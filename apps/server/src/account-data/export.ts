import { exportFormatsOf, fold, recordFile, recordNames } from "@arena/match";
import {
  type ChatLine,
  type HistoryEntry,
  type MatchId,
  NOTIFICATIONS_KEPT,
  type Notification,
  type UserId,
  type VersionedEvent,
} from "@arena/protocol";
import { publicUser } from "../accounts/service.js";
import { type SessionRecord } from "../store/ports/sessions.js";
import { type PlayerStore } from "../store/ports/players.js";
import { zip, type ZipEntry } from "./zip.js";

/** One export per account per this long (docs/protocol.md, "Export"): it reads every game's log. */
export const EXPORT_COOLDOWN_MS = 10 * 60_000;
/** The newest games an export holds (and their chat). */
export const EXPORT_MAX_GAMES = 10_000;
/** Rating points an export holds, the newest. */
const RATING_POINTS = 100_000;
const PAGE = 500;

export interface AccountExportDeps {
  readonly players: PlayerStore;
  /** A match's event log (null: the store no longer has it) and its chat. */
  readonly matchLog: (matchId: MatchId) => Promise<readonly VersionedEvent[] | null>;
  readonly matchChat: (matchId: MatchId) => Promise<readonly ChatLine[]>;
  readonly sessions: (userId: UserId) => Promise<readonly SessionRecord[]>;
  readonly notifications: (userId: UserId, limit: number) => Promise<readonly Notification[]>;
  /** The e-mail settings as their page shows them; null when the server has no e-mail. */
  readonly email: ((userId: string) => Promise<unknown>) | null;
  readonly vacation: (userId: UserId) => Promise<unknown>;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Everything the server keeps of an account, as one zip (docs/protocol.md, "Export"): its profile, ratings
 * and their history, each finished game as JSON (and GGF where its game has that format), the chat lines it
 * wrote in them, its sessions, inbox, e-mail settings and vacation.
 */
export async function exportAccount(
  deps: AccountExportDeps,
  userId: UserId,
  at: number,
): Promise<Buffer | null> {
  const { players } = deps;
  const account = await players.accountById(userId);
  if (account === null) return null;
  const [ratings, points, following, record, games] = await Promise.all([
    players.ratingsOf(userId),
    players.ratingHistory(userId, RATING_POINTS),
    players.following(userId),
    players.record(userId),
    allGames(players, userId),
  ]);
  const entries: ZipEntry[] = [];
  const chat: { matchId: MatchId; lines: ChatLine[] }[] = [];
  for (const game of games) {
    const log = await deps.matchLog(game.matchId);
    if (log !== null && log.length > 0) entries.push(...gameFiles(game, log));
    const lines = (await deps.matchChat(game.matchId)).filter((line) => line.author.id === userId);
    if (lines.length > 0) chat.push({ matchId: game.matchId, lines });
  }
  const [sessions, notifications, email, vacation] = await Promise.all([
    deps.sessions(userId),
    deps.notifications(userId, NOTIFICATIONS_KEPT),
    deps.email?.(userId) ?? null,
    deps.vacation(userId),
  ]);
  return zip(
    [
      { name: "profile.json", data: json({ ...publicUser(account), record, following, exportedAt: at }) },
      { name: "ratings.json", data: json({ current: ratings, history: points }) },
      { name: "chat.json", data: json(chat) },
      { name: "sessions.json", data: json(sessions) },
      { name: "notifications.json", data: json(notifications) },
      { name: "email.json", data: json(email) },
      { name: "vacation.json", data: json(vacation) },
      { name: "games/index.json", data: json(games) },
      ...entries,
    ],
    at,
  );
}

/** The account's finished games, newest first, up to `EXPORT_MAX_GAMES`. */
async function allGames(players: PlayerStore, userId: UserId): Promise<HistoryEntry[]> {
  const games: HistoryEntry[] = [];
  while (games.length < EXPORT_MAX_GAMES) {
    const page = await players.history(userId, {}, games.length, PAGE);
    games.push(...page);
    if (page.length < PAGE) break;
  }
  return games.slice(0, EXPORT_MAX_GAMES);
}

/** A game's files: its event log as the match download's JSON, and GGF (or another record) where offered. */
function gameFiles(game: HistoryEntry, log: readonly VersionedEvent[]): ZipEntry[] {
  const files: ZipEntry[] = [
    { name: `games/${game.matchId}.json`, data: json({ matchId: game.matchId, gameId: game.gameId, log }) },
  ];
  const model = fold(game.matchId, log);
  if (exportFormatsOf(model).includes("ggf")) {
    const file = recordFile(model, "ggf", recordNames(model));
    if (file !== null) files.push({ name: `games/${game.matchId}.ggf`, data: file.text });
  }
  return files;
}
