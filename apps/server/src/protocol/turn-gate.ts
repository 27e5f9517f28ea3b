/** How many new connections one turn of the event loop lets through (protocol/turn-gate.ts). */
export const HANDSHAKES_PER_TURN = 8;

/** How many handshakes may wait for their turn before new ones are refused as `busy`. */
export const HANDSHAKES_WAITING_MAX = 5_000;

/**
 * Lets at most `perTurn` callers through per turn of the event loop; the others wait, in order, for the
 * following turns (docs/reliability.md, "A crowd of 2,000 watchers"). A crowd's sockets connect in waves:
 * hundreds of handshakes become ready in one poll of the loop, and accepting them all there (the WebSocket
 * upgrade, engine.io's session, then each client's connect and first requests, all arriving together)
 * kept every other game's moves and `/healthz` waiting some 100 ms. Let through a few per turn, the wave
 * is spread over many short turns with everyone else's I/O between them; a lone connection passes at once.
 */
export class TurnGate {
  private readonly waiting: (() => void)[] = [];
  private passedThisTurn = 0;
  private turnScheduled = false;

  constructor(
    private readonly perTurn = HANDSHAKES_PER_TURN,
    private readonly maxWaiting = HANDSHAKES_WAITING_MAX,
    private readonly nextTurn: (task: () => void) => void = setImmediate,
  ) {}

  /** Runs `pass` now or in a later turn; false (and `pass` never runs) when too many are waiting already. */
  enter(pass: () => void): boolean {
    if (this.waiting.length === 0 && this.passedThisTurn < this.perTurn) {
      this.passedThisTurn++;
      this.scheduleTurn();
      pass();
      return true;
    }
    if (this.waiting.length >= this.maxWaiting) return false;
    this.waiting.push(pass);
    this.scheduleTurn();
    return true;
  }

  /** How many callers wait for a later turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    this.nextTurn(() => this.turn());
  }

  private turn(): void {
    this.turnScheduled = false;
    this.passedThisTurn = 0;
    const due = this.waiting.splice(0, this.perTurn);
    this.passedThisTurn = due.length;
    // Whoever passes this turn counts against it; the next turn resets the count (and lets more through).
    if (due.length > 0) this.scheduleTurn();
    for (const pass of due) pass();
  }
}
