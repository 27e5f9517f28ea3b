import {
  checkForecast,
  forecastAfter,
  forecastMove,
  type MatchModel,
  seatsOf,
  seatToMove,
} from "@arena/match";
import { type Ack, failure, isCorrespondence, type MatchId, type UserRef } from "@arena/protocol";
import { type Logger } from "pino";
import { type Room } from "../rooms/room.js";
import { type ForecastStore, type StoredLines } from "../store/ports/forecasts.js";

export interface ForecastsOptions {
  readonly store: ForecastStore;
  readonly logger: Logger;
  readonly room: (matchId: MatchId) => Promise<Room | null>;
}

type LinesAck = Ack<{ readonly lines: StoredLines }>;

/**
 * Players' forecasts in correspondence matches (docs/protocol.md, "Forecasts"): set and read over the
 * socket, and, after each move the process appended, the lines it began kept (their tails), the others
 * dropped, and the forecaster's next ply played as their own move through the room's mailbox.
 */
export class Forecasts {
  constructor(private readonly options: ForecastsOptions) {}

  async set(user: UserRef, matchId: MatchId, version: number, lines: StoredLines): Promise<LinesAck> {
    const room = await this.options.room(matchId);
    if (room === null) return failure("not-found", "no such match");
    const model = room.model;
    const refused = refusal(model, user);
    if (refused !== null) return refused;
    if (version < model.positionVersion)
      return failure("stale-version", `the position changed at version ${model.positionVersion}`);
    const checked = checkForecast(model.game, model.state, lines);
    if (!checked.ok) {
      const where = `line ${checked.line + 1}, ply ${checked.ply + 1}`;
      // The failing line and ply ride along with the code, for a page to point at (0-based).
      const refused = {
        ...failure("bad-forecast", `${where}: ${checked.message}`),
        line: checked.line,
        ply: checked.ply,
      };
      return refused;
    }
    await this.options.store.put(matchId, user.id, checked.lines);
    return { ok: true, lines: checked.lines };
  }

  async get(user: UserRef, matchId: MatchId): Promise<LinesAck> {
    return { ok: true, lines: await this.options.store.get(matchId, user.id) };
  }

  /** Moves were appended here (`before` → `model`): every player's lines follow them; an answer is played. */
  async moved(before: MatchModel, model: MatchModel): Promise<void> {
    if (!isCorrespondence(model.timeControl)) return;
    const played: string[] = [];
    for (let at = before.moves.length; at < model.moves.length; at++) {
      const move = model.moves.at(at);
      if (move !== undefined) played.push(move.move);
    }
    if (played.length === 0) return;
    const toMove = seatToMove(model);
    for (const slot of model.slots) {
      if (slot.kind !== "human") continue;
      const user = slot.user;
      const lines = await this.options.store.get(model.matchId, user.id);
      if (lines.length === 0) continue;
      const after = played.reduce(forecastAfter, lines);
      await this.options.store.put(model.matchId, user.id, after);
      const answer = forecastMove(after);
      if (model.status !== "live" || answer === null || toMove === null) continue;
      if (!seatsOf(model, user.id).includes(toMove)) continue;
      const room = await this.options.room(model.matchId);
      const ack = await room?.submit(
        { kind: "user", user, inviteOk: false },
        { type: "move", move: answer },
        null,
      );
      if (ack !== undefined && !ack.ok) {
        this.options.logger.info(
          { matchId: model.matchId, code: ack.code },
          "a forecast's answer was refused",
        );
      }
    }
  }
}

/** Why `user` may not forecast in `model`, or null when they may. */
function refusal(model: MatchModel, user: UserRef) {
  if (!isCorrespondence(model.timeControl))
    return failure("not-correspondence", "forecasts are for correspondence games");
  if (model.status !== "live") return failure("not-started", "the match is not live");
  if (seatsOf(model, user.id).length === 0) return failure("not-your-seat", "you do not play in this match");
  return null;
}
