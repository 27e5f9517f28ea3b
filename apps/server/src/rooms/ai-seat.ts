import { type AiRequest } from "@arena/engine/ai/choose-move";
import { flagDeadline, type MatchModel, remainingAt, seatToMove } from "@arena/match";
import { clockTerms, type MatchId } from "@arena/protocol";
import { type Logger } from "pino";
import { type AiPool } from "../ai/pool.js";
import { type Clock } from "../clocks/scheduler.js";
import { type CommandAck } from "./decide.js";

/** What an AI seat needs from its room: the model, and the mailbox to post its move into. */
export interface AiSeatRoom {
  readonly matchId: MatchId;
  readonly model: MatchModel;
  /** The AI's move, based on the version it was computed for (a stale answer is refused). */
  submitAiMove(seat: number, move: string, basedOn: number): Promise<CommandAck>;
  /** Runs a task inside the room's mailbox. */
  run(task: () => void): Promise<void>;
}

export interface AiSeatDeps {
  readonly ai: AiPool;
  readonly clock: Clock;
  readonly logger: Logger;
}

const BUSY_RETRY_MS = 500;
const MAX_FAILURES = 3;

/**
 * Drives a room's AI seats: when an AI seat is to move, asks the pool for a move within the seat's time
 * and posts the answer into the room's mailbox like any player's move. At most one request per match is
 * in flight; a new model version cancels the old one.
 */
export class AiSeats {
  private pending: { version: number; controller: AbortController; cancelDeadline: () => void } | null = null;
  private failures = 0;

  constructor(
    private readonly room: AiSeatRoom,
    private readonly deps: AiSeatDeps,
    private readonly seed: number,
  ) {}

  /** After every change: start the AI if an AI seat is to move (and this process runs the match). */
  update(): void {
    const model = this.room.model;
    const seat = seatToMove(model);
    const slot = seat === null ? undefined : model.slots[seat];
    if (this.pending !== null && this.pending.version === model.version) return;
    this.cancel();
    if (seat === null || slot?.kind !== "ai" || model.clock === null) return;
    const now = this.deps.clock.now();
    // An AI seat has no first-move window (docs/clocks.md §4): its clock runs from its first turn.
    const remainingMs = remainingAt(model.clock, now)[seat] ?? 0;
    const controller = new AbortController();
    const version = model.version;
    // A search may not outlive the seat's time (plus the flag grace): cancel it, the flag decides.
    const deadline = flagDeadline(model.clock) ?? now + remainingMs;
    const cancelDeadline = this.deps.clock.schedule(deadline, () => controller.abort());
    this.pending = { version, controller, cancelDeadline };
    const request: AiRequest = {
      gameId: model.gameId,
      state: model.game.serialize(model.state),
      level: slot.level,
      remainingMs,
      incrementMs: clockTerms(model.timeControl).incrementMs,
      seed: (this.seed + version) >>> 0,
    };
    void this.ask(request, seat, version, controller.signal).catch((error: unknown) =>
      this.deps.logger.error({ err: error, matchId: this.room.matchId }, "AI request failed"),
    );
  }

  private async ask(request: AiRequest, seat: number, version: number, signal: AbortSignal): Promise<void> {
    // The pool takes turns between hosts (docs/architecture.md, "Rooms on the server"): one user's many AI
    // games share that user's turn.
    const answer = await this.deps.ai.choose(request, signal, this.room.model.host.id);
    if (this.pending?.version === version) {
      this.pending.cancelDeadline();
      this.pending = null;
    }
    if (!answer.ok) {
      this.deps.logger.warn({ matchId: this.room.matchId, seat, error: answer.error }, "AI failed");
      if (answer.error.code === "busy") {
        // The shared queue is full: try again shortly; the seat's clock keeps running meanwhile.
        this.deps.clock.schedule(
          this.deps.clock.now() + BUSY_RETRY_MS,
          () => void this.room.run(() => this.update()),
        );
      } else if (answer.error.code === "failed" && this.failures++ < MAX_FAILURES) {
        await this.room.run(() => this.update());
      }
      return;
    }
    this.failures = 0;
    const ack = await this.room.submitAiMove(seat, answer.value.move, version);
    if (!ack.ok && ack.code !== "stale-version" && ack.code !== "game-over") {
      this.deps.logger.error({ matchId: this.room.matchId, seat, ack }, "AI move refused");
    }
  }

  cancel(): void {
    if (this.pending === null) return;
    this.pending.cancelDeadline();
    this.pending.controller.abort();
    this.pending = null;
  }
}
