import { getGame, isGameId, Othello } from "@arena/engine";
import { createClock, evolve, initialModel, type MatchModel } from "@arena/match";
import { asMatchId, asMillis, asVersion, type MatchEvent, type UserRef } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { gameRecord } from "./ggf.js";

const tc = { baseMs: 300_000, incrementMs: 2_000 };
const ann = { id: "u_ann", name: "Ann" } as UserRef;
const bot = { id: "u_bot", name: "Iagoish" } as UserRef;

/** A match as the server's log folds it: created, both seats taken, started, then `moves`. */
function matchAfter(gameId: string, moves: readonly string[]): MatchModel {
  const clock = createClock(tc, 2, 0, 0);
  if (!isGameId(gameId)) throw new Error(gameId);
  const game = getGame(gameId);
  const options = game.parseOptions({});
  if (!options.ok) throw new Error(options.error.message);
  const start = game.initial(options.value, 1);
  const events: MatchEvent[] = [
    { type: "seat-joined", seat: 0, user: bot },
    { type: "seat-joined", seat: 1, user: ann },
    { type: "started", state: game.serialize(start), clock },
    ...moves.map((move, i): MatchEvent => ({ type: "moved", seat: i % 2, move, forced: false, clock })),
  ];
  const created = initialModel(asMatchId("m_1"), {
    version: asVersion(1),
    at: asMillis(0),
    event: {
      type: "created",
      gameId,
      options: options.value,
      timeControl: tc,
      seats: [{ kind: "invite", invitee: bot }, { kind: "open" }],
      rated: false,
      visibility: "public",
      host: ann,
    },
  });
  return events.reduce(
    (model, event) => evolve(model, { version: asVersion(model.version + 1), at: asMillis(0), event }),
    created,
  );
}

describe("the GGF the bot sends its engine", () => {
  it("holds the start, every move, the names and the time left, and reads back as the same game", () => {
    const moves = ["f5", "d6", "c3", "d3"];
    const text = gameRecord(matchAfter(Othello.othello.id, moves), 61_000);
    expect(text).toContain("PB[Iagoish]PW[Ann]");
    expect(text).toContain("TI[01:01/00:02/00:00]");
    const record = Othello.parseGgf(text ?? "");
    if (!record.ok) throw new Error(record.error.message);
    expect(record.value.moves.map(Othello.squareName)).toEqual(moves);
    expect(record.value.time).toEqual({ baseMs: 61_000, incrementMs: 2_000 });
  });

  it("is not written for a game other than Othello, nor before the start", () => {
    expect(gameRecord(matchAfter("connect-k", []), 1_000)).toBeNull();
    const waiting = initialModel(asMatchId("m_2"), {
      version: asVersion(1),
      at: asMillis(0),
      event: {
        type: "created",
        gameId: Othello.othello.id,
        options: {},
        timeControl: tc,
        seats: [{ kind: "open" }, { kind: "open" }],
        rated: false,
        visibility: "public",
        host: ann,
      },
    });
    expect(gameRecord(waiting, 1_000)).toBeNull();
  });
});
