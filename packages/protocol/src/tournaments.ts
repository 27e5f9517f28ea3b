import { z } from "./zod.js";
import { type ChatAuthor } from "./chat.js";
import { type MatchId, type Millis, type UserId } from "./ids.js";
import { RealtimeControl } from "./model.js";
import {
  MAX_AI_ENTRANTS,
  MAX_TOURNAMENT_INVITEES,
  MAX_TOURNAMENT_PLAYERS,
  TOURNAMENT_FORMATS,
  type TournamentFormat,
  type TournamentStatus,
  TOURNAMENT_ID_PATTERN,
} from "./values/tournaments.js";

export * from "./values/tournaments.js";

/** A tournament's id: `t_` and nine letters or digits. */
export const TournamentId = z
  .string()
  .regex(TOURNAMENT_ID_PATTERN, "a tournament id is t_ and nine letters or digits")
  .brand<"TournamentId">();
export type TournamentId = z.infer<typeof TournamentId>;

/**
 * An entrant the creator adds: an AI player at a level of the tournament's game, or a bot account by its
 * name (entered at once; `arena bot` plays its boards as it plays any game it is seated in).
 */
export const TournamentEntrantSpec = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("ai"), level: z.number().int().min(1).max(20) }),
  z.strictObject({ kind: z.literal("bot"), name: z.string().trim().min(1).max(40) }),
]);

/**
 * `POST /api/tournaments` (bearer; an account, not a guest). `rounds` for a swiss, `durationMs` for an
 * arena; `double` for a round-robin, `berserk` for an arena, `pairsFromOneOpening` for any format (not
 * with berserk). `startsAt` (server ms): the director starts
 * it then; without it, when the creator presses start.
 */
export const CreateTournamentRequest = z.strictObject({
  gameId: z.string().min(1).max(40),
  format: z.enum(TOURNAMENT_FORMATS),
  name: z.string().trim().min(1).max(60).optional(),
  timeControl: RealtimeControl,
  rounds: z.number().int().min(1).max(30).optional(),
  durationMs: z
    .number()
    .int()
    .min(60_000)
    .max(24 * 3_600_000)
    .optional(),
  double: z.boolean().optional(),
  berserk: z.boolean().optional(),
  /** Any format: each pairing plays two games from one random opening, colours swapped; the total decides. */
  pairsFromOneOpening: z.boolean().optional(),
  rated: z.boolean().default(false),
  maxPlayers: z.number().int().min(2).max(MAX_TOURNAMENT_PLAYERS).default(64),
  startsAt: z.number().int().min(0).optional(),
  entrants: z.array(TournamentEntrantSpec).max(MAX_AI_ENTRANTS).default([]),
  /** Only the invitees (and the creator) may join; without it anyone may. */
  invitationOnly: z.boolean().default(false),
  /** Accounts told of the tournament by name (`tournament:invited`), open or by invitation. */
  invitees: z.array(z.string().trim().min(1).max(40)).max(MAX_TOURNAMENT_INVITEES).default([]),
});
export type CreateTournamentRequest = z.output<typeof CreateTournamentRequest>;
export type CreateTournamentInput = z.input<typeof CreateTournamentRequest>;

/** `POST /api/tournaments/<id>/pause` (arena): `{paused}`. */
export const PauseTournamentRequest = z.strictObject({ paused: z.boolean() });
/** `POST /api/tournaments/<id>/remove` (creator): an entrant by its id in the standings. */
export const RemoveEntrantRequest = z.strictObject({ entrant: z.string().min(1).max(64) });

export type TournamentEntrantKind = "human" | "ai" | "bot";

/** A tie-break's value, named as docs/tournaments.md names it ("BQ", "discs", "Buchholz", "SB"). */
export interface TieBreakValue {
  readonly name: string;
  readonly value: number;
}

/** One line of the standings, best first. */
export interface TournamentStanding {
  readonly rank: number;
  /** The entrant's id inside the tournament (a user id for people and bots; `ai-<n>` for AI entrants). */
  readonly entrant: string;
  readonly name: string;
  readonly kind: TournamentEntrantKind;
  /** The account or guest behind a person or bot entrant. */
  readonly userId: UserId | null;
  readonly points: number;
  readonly tieBreaks: readonly TieBreakValue[];
  readonly games: number;
  readonly withdrawn: boolean;
  readonly paused: boolean;
  /** Arena: two wins in a row, so the next results count double. */
  readonly onFire: boolean;
}

/** A game's result from the first-named entrant's side: "1-0", "0-1", "½-½"; a bye is "bye". */
export type PairingResult = "1-0" | "0-1" | "½-½" | "bye";

export interface TournamentPairing {
  /** The entrants by seat (seat 0 moves first); one name for a bye. */
  readonly names: readonly [string, string] | readonly [string];
  readonly entrants: readonly [string, string] | readonly [string];
  /** The match of this board; null for a bye. */
  readonly matchId: MatchId | null;
  /** Null while the game is on. */
  readonly result: PairingResult | null;
  /** Points each seat scored from this game (arena: streak-doubled, berserk bonus); null in a pair. */
  readonly points: readonly number[] | null;
  /** Arena: which seats berserked, once the game is over; absent when nobody did. */
  readonly berserk?: readonly [boolean, boolean];
  /** Pairs from one opening: this board's game of its pair, and the pair's result once both are over. */
  readonly pair?: TournamentPairTotal;
}

/**
 * A pair's two games (docs/tournaments.md, "Pairs from one opening"). `totals` and `points` are by the
 * entrants of game 0's seats: discs over both games (Othello) or both games' points; null until both end.
 */
export interface TournamentPairTotal {
  /** 0: the first game of the pair; 1: the same opening with the colours swapped. */
  readonly game: 0 | 1;
  /** The opening both games start from, in the game's notation. */
  readonly opening: readonly string[];
  readonly totals: readonly [number, number] | null;
  /** Points each entrant scored from the pair (arena: streak-doubled). */
  readonly points: readonly [number, number] | null;
}

export interface TournamentRound {
  readonly number: number;
  readonly startedAt: number;
  readonly pairings: readonly TournamentPairing[];
}

/** Round-robin and swiss: rows and columns in the standings' order; a cell lists that pair's results. */
export interface TournamentCrosstable {
  readonly entrants: readonly string[];
  readonly cells: readonly (readonly (string | null)[])[];
}

/** `GET /api/tournaments/<id>`, and `tournament:update` on the socket. */
export interface TournamentView {
  readonly id: TournamentId;
  readonly name: string;
  readonly gameId: string;
  readonly format: TournamentFormat;
  readonly timeControl: RealtimeControl;
  readonly rounds: number | null;
  readonly durationMs: number | null;
  readonly double: boolean;
  readonly berserk: boolean;
  readonly pairsFromOneOpening: boolean;
  readonly rated: boolean;
  readonly maxPlayers: number;
  /** Only the invited (and the creator) may join. */
  readonly invitationOnly: boolean;
  /** The accounts invited by name. */
  readonly invited: readonly { readonly id: UserId; readonly name: string }[];
  readonly status: TournamentStatus;
  readonly createdBy: { readonly id: UserId; readonly name: string };
  readonly createdAt: number;
  readonly startsAt: number | null;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly standings: readonly TournamentStanding[];
  readonly roundsPlayed: readonly TournamentRound[];
  readonly crosstable: TournamentCrosstable | null;
  /** The live game of the best-placed pair, for the page's small TV. */
  readonly topGame: MatchId | null;
  /** Events in the tournament's log: a newer view has a higher version. */
  readonly version: number;
}

/** A tournament as the lobby lists it (`GET /api/tournaments`). */
export interface TournamentSummary {
  readonly id: TournamentId;
  readonly name: string;
  readonly gameId: string;
  readonly format: TournamentFormat;
  readonly status: TournamentStatus;
  readonly timeControl: RealtimeControl;
  readonly players: number;
  readonly maxPlayers: number;
  readonly invitationOnly: boolean;
  readonly createdBy: string;
  readonly startsAt: number | null;
  readonly startedAt: number | null;
}

/**
 * `tournament:invited` (docs/protocol.md, "Tournaments"): a tournament an account was invited to by name.
 * Sent to the invitee's sockets when it is created, and on connecting while it is unfinished and the
 * invitee has not entered it.
 */
export interface TournamentInvitation {
  readonly id: TournamentId;
  readonly name: string;
  readonly gameId: string;
  readonly format: TournamentFormat;
  readonly timeControl: RealtimeControl;
  readonly status: TournamentStatus;
  readonly invitationOnly: boolean;
  readonly startsAt: number | null;
  readonly createdBy: { readonly id: UserId; readonly name: string };
}

/** `GET /api/tournaments`: the ones waiting or running, then the latest finished. */
export interface TournamentsResponse {
  readonly ok: true;
  readonly tournaments: readonly TournamentSummary[];
}

/**
 * One line of a tournament's chat (docs/protocol.md, "Tournaments"): one channel for its players and
 * spectators alike. Sent as `tournament:chat-line`; the newest lines come with `tournament:watch`.
 */
export interface TournamentChatLine {
  readonly id: string;
  readonly author: ChatAuthor;
  /** Cleaned as a match's chat is (`cleanChatText`); pages render it as text. */
  readonly text: string;
  /** Server time it was said. */
  readonly at: Millis;
}
