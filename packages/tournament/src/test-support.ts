import { type TournamentEvent } from "./events.js";
import {
  entrantId,
  type EntrantId,
  type GameResult,
  type Pairing,
  type TournamentSettings,
} from "./types.js";

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
    return this.push({ type: "round-started", at: ++this.at, pairings });
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
