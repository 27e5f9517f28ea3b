import { type TournamentEvent } from "./events.js";
import {
  entrantId,
  type EntrantId,
  type GameResult,
  type Pairing,
  type TournamentSettings,
} from "./types.js";

/** The opening the builder gives every pair (Othello's perpendicular opening). */
export const TEST_OPENING = ["f5", "d6"] as const;

/** Builds a tournament log in tests: entrants by letter, games by `"A-B"` and a result. */
export class LogBuilder {
  readonly events: TournamentEvent[] = [];
  private at = 0;

  constructor(settings: Partial<TournamentSettings> = {}) {
    this.events.push({
      type: "created",
      at: this.at,
      settings: {
        gameId: "othello",
        format: "round-robin",
        timeControl: { baseMs: 60_000, incrementMs: 0 },
        ...settings,
      },
    });
  }

  private push(event: TournamentEvent): this {
    this.events.push(event);
    return this;
  }

  join(...names: string[]): this {
    for (const name of names) {
      this.push({
        type: "joined",
        at: ++this.at,
        entrant: entrantId(name),
        name,
        kind: "human",
        rating: 1500,
      });
    }
    return this;
  }

  withdraw(name: string): this {
    return this.push({ type: "withdrew", at: ++this.at, entrant: entrantId(name) });
  }

  /** Boards as "A-B" (A in seat 0) or "A" (a bye). */
  round(...boards: string[]): this {
    const pairings = boards.map((b): Pairing => {
      const [first, second] = b.split("-");
      if (second === undefined) return { kind: "bye", entrant: entrantId(first ?? "") };
      return { kind: "game", seats: [entrantId(first ?? ""), entrantId(second)] };
    });
    const first = this.events[0];
    const pairs = first?.type === "created" && first.settings.pairsFromOneOpening === true;
    if (!pairs) return this.push({ type: "round-started", at: ++this.at, pairings });
    // Pairs from one opening: every pair's boards are two (seats swapped), numbered in order.
    const openings = pairings.map((p) => (p.kind === "game" ? TEST_OPENING : []));
    return this.push({ type: "round-started", at: ++this.at, pairings, openings });
  }

  /** The result of a board of the latest round. */
  result(board: number, result: Partial<GameResult> & Pick<GameResult, "winner">): this {
    const round = this.events.filter((e) => e.type === "round-started").length;
    return this.push({
      type: "game-finished",
      at: ++this.at,
      round,
      board,
      result: { ending: "normal", plies: 60, ...result },
    });
  }

  finish(): this {
    return this.push({ type: "finished", at: ++this.at });
  }
}

export const ids = (...names: string[]): EntrantId[] => names.map(entrantId);
