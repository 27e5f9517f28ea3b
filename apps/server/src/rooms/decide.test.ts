import { asMatchId, asMillis, asVersion, type MatchEvent, type UserRef } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type Actor, type Command, decide, isRefusal } from "./decide.js";
import { evolve, initialModel, type MatchModel } from "./model.js";

const ada = { id: "u_ada", name: "Ada" } as UserRef;
const bob = { id: "u_bob", name: "Bob" } as UserRef;
const user = (u: UserRef): Actor => ({ kind: "user", user: u, inviteOk: false });
const tc = { baseMs: 60_000, incrementMs: 0 };

function apply(model: MatchModel, events: readonly MatchEvent[], at: number): MatchModel {
  return events.reduce(
    (m, event) => evolve(m, { version: asVersion(m.version + 1), at: asMillis(at), event }),
    model,
  );
}

function run(model: MatchModel, actor: Actor, command: Command, now: number, gone: number[] = []) {
  const decided = decide(model, command, { now, actor, gone: new Set(gone), maxAiLevel: 1 });
  if (isRefusal(decided)) return { model, refusal: decided };
  return { model: apply(model, decided.events, now), refusal: decided.refusal ?? null };
}

function othelloLive(): MatchModel {
  let model = initialModel(asMatchId("m1"), {
    version: asVersion(1),
    at: asMillis(0),
    event: {
      type: "created",
      gameId: "othello",
      options: {},
      timeControl: tc,
      seats: [{ kind: "open" }, { kind: "open" }],
      rated: false,
      visibility: "public",
      host: ada,
      seed: 1,
    },
  });
  model = run(model, user(ada), { type: "join", seat: 0 }, 0).model;
  model = run(model, user(bob), { type: "join", seat: 1 }, 0).model;
  return model;
}

describe("decide", () => {
  it("hands back the model after a move and what follows, equal to folding its events", () => {
    // The room takes `next` instead of folding the events again: it must be exactly that fold, through
    // passes and the end of the game. The last legal move each time makes a longer, pass-rich game.
    let model = othelloLive();
    let now = 1_000;
    let moves = 0;
    while (model.status === "live") {
      const legal = model.game.legalMoves(model.state);
      const move = model.game.formatMove(model.state, legal[legal.length - 1]);
      const seat = model.clock?.running ?? 0;
      const decided = decide(
        model,
        { type: "move", move },
        {
          now,
          actor: user(seat === 0 ? ada : bob),
          gone: new Set(),
          maxAiLevel: 1,
        },
      );
      if (isRefusal(decided)) throw new Error(`refused ${move}: ${decided.message}`);
      const folded = apply(model, decided.events, now);
      expect(decided.next).toEqual(folded);
      model = folded;
      now += 500;
      moves++;
    }
    expect(model.status).toBe("finished");
    expect(moves).toBeGreaterThan(20);
  });

  it("starts when the last seat fills, and refuses a second seat for one user", () => {
    const model = othelloLive();
    expect(model.status).toBe("live");
    expect(model.clock?.running).toBe(0);
    const waiting = initialModel(asMatchId("m2"), {
      version: asVersion(1),
      at: asMillis(0),
      event: {
        type: "created",
        gameId: "othello",
        options: {},
        timeControl: tc,
        seats: [{ kind: "open" }, { kind: "open" }],
        rated: false,
        visibility: "public",
        host: ada,
        seed: 1,
      },
    });
    const seated = run(waiting, user(ada), { type: "join", seat: 0 }, 0).model;
    expect(run(seated, user(ada), { type: "join", seat: 1 }, 0).refusal).toMatchObject({ code: "forbidden" });
  });

  it("aborts a first move that comes after the window", () => {
    const model = othelloLive();
    const late = run(model, user(ada), { type: "move", move: "f5" }, 60_000);
    expect(late.refusal).toMatchObject({ code: "game-over" });
    expect(late.model.status).toBe("aborted");
  });

  it("turns a claim before both sides moved into an abort, and refuses one with nobody gone", () => {
    const model = othelloLive();
    expect(run(model, user(ada), { type: "claim", kind: "win" }, 1000).refusal).toMatchObject({
      code: "cannot-claim",
    });
    const claimed = run(model, user(ada), { type: "claim", kind: "win" }, 1000, [1]);
    expect(claimed.model.result).toEqual({ reason: "abort", winners: [], scores: [] });
  });

  it("refuses an abort after two plies and offers no draw to spectators", () => {
    let model = othelloLive();
    model = run(model, user(ada), { type: "move", move: "f5" }, 1000).model;
    model = run(model, user(bob), { type: "move", move: "d6" }, 2000).model;
    expect(run(model, user(ada), { type: "abort" }, 3000).refusal).toMatchObject({ code: "cannot-abort" });
    const carol = { id: "u_carol", name: "Carol" } as UserRef;
    expect(run(model, user(carol), { type: "draw-offer" }, 3000).refusal).toMatchObject({
      code: "not-your-seat",
    });
    expect(run(model, { kind: "system" }, { type: "tick" }, 3000).model.version).toBe(model.version);
  });

  it("credits a takeover's downtime by who is to move in the model it decides on, capped per seat", () => {
    let model = othelloLive();
    model = run(model, user(ada), { type: "move", seat: 0, move: "f5" }, 1_000).model;
    expect(model.clock?.running).toBe(1);
    const credit: Command = {
      type: "credit",
      awayMs: 15_000,
      toMoveCapMs: 20_000,
      othersCapMs: 10_000,
      why: "t",
    };
    const decided = decide(model, credit, {
      now: 2_000,
      actor: { kind: "system" },
      gone: new Set(),
      maxAiLevel: 1,
    });
    expect(isRefusal(decided) ? null : decided.events[0]).toMatchObject({
      type: "clock-credited",
      creditsMs: [10_000, 15_000],
    });
  });
});
