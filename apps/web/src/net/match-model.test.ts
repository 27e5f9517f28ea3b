import { describe, expect, it } from "vitest";
import type { ClockState, MatchEvent, Snapshot, VersionedEvent } from "@arena/protocol";
import { Othello } from "../games/engines";
import { initialFromEvents } from "./initial";
import { applyEvent, modelFromSnapshot, type MatchModel } from "./match-model";

const clock: ClockState = {
  baseMs: 60_000,
  incrementMs: 0,
  remainingMs: [60_000, 60_000],
  quotaMs: [0, 0],
  started: [false, false],
  running: 0,
  runningSince: 1_000,
};

const user = (id: string) => ({ id, name: id }) as unknown as { id: Snapshot["host"]["id"]; name: string };

function waiting(): Snapshot {
  return {
    matchId: "m1",
    version: 1,
    gameId: "othello",
    options: {},
    timeControl: { baseMs: 60_000, incrementMs: 0 },
    rated: false,
    visibility: "public",
    host: user("alice"),
    status: "waiting",
    seats: [
      { kind: "open", seat: 0 },
      { kind: "open", seat: 1 },
    ],
    state: null,
    moves: [],
    clock: null,
    result: null,
    drawOffers: [],
    rematchOffers: [],
    viewers: 0,
    now: 1_000,
    nextMatchId: null,
  } as unknown as Snapshot;
}

let version = 1;
const entry = (event: MatchEvent): VersionedEvent =>
  ({ version: ++version, at: 1_000, event }) as VersionedEvent;

function must(model: MatchModel, e: VersionedEvent): MatchModel {
  const result = applyEvent(model, e);
  if (result.kind !== "applied") throw new Error(`expected applied, got ${result.kind}`);
  return result.model;
}

describe("applyEvent", () => {
  it("follows a game from seats to moves through the engine", () => {
    version = 1;
    let model = modelFromSnapshot(waiting());
    model = must(model, entry({ type: "seat-joined", seat: 0, user: user("alice") }));
    model = must(model, entry({ type: "seat-joined", seat: 1, user: user("bob") }));
    expect(model.snapshot.seats.map((s) => s.kind)).toEqual(["human", "human"]);
    const start = Othello.othello.serialize(Othello.othello.initial({}, 0));
    model = must(model, entry({ type: "started", state: start, clock }));
    expect(model.snapshot.status).toBe("live");
    model = must(model, entry({ type: "draw-offered", seat: 1 }));
    expect(model.snapshot.drawOffers).toEqual([1]);
    model = must(model, entry({ type: "moved", seat: 0, move: "f5", forced: false, clock }));
    expect(model.snapshot.drawOffers).toEqual([]);
    const state = model.state as Othello.OthelloState;
    expect(Othello.discCounts(state)).toMatchObject({ black: 4, white: 1 });
    expect(model.history).toHaveLength(1);
    expect(model.snapshot.version).toBe(6);
    expect(model.snapshot.moves).toEqual([{ seat: 0, move: "f5", forced: false }]);
    model = must(
      model,
      entry({ type: "ended", result: { reason: "resign", winners: [0], scores: [64, 0] }, clock: null }),
    );
    expect(model.snapshot.status).toBe("finished");
    expect(model.snapshot.result?.reason).toBe("resign");
  });

  it("reports stale events and gaps", () => {
    const model = modelFromSnapshot(waiting());
    expect(
      applyEvent(model, { version: 1, at: 0, event: { type: "cancelled" } } as VersionedEvent).kind,
    ).toBe("stale");
    expect(
      applyEvent(model, { version: 3, at: 0, event: { type: "cancelled" } } as VersionedEvent).kind,
    ).toBe("gap");
  });

  it("asks for a resync when the engine refuses a reported move", () => {
    version = 1;
    let model = modelFromSnapshot(waiting());
    const start = Othello.othello.serialize(Othello.othello.initial({}, 0));
    model = must(model, entry({ type: "started", state: start, clock }));
    const result = applyEvent(model, entry({ type: "moved", seat: 0, move: "a1", forced: false, clock }));
    expect(result.kind).toBe("gap");
  });
});

describe("initialFromEvents", () => {
  it("takes the started state, else the engine's start from the options", () => {
    const start = Othello.othello.serialize(Othello.othello.initial({}, 0));
    const fromStarted = initialFromEvents("othello", [{ event: { type: "started", state: start, clock } }]);
    expect(Othello.discCounts(fromStarted as Othello.OthelloState).black).toBe(2);
    const fromCreated = initialFromEvents("dice-of-doom", [
      {
        event: {
          type: "created",
          gameId: "dice-of-doom",
          options: { players: 3, size: 3 },
          timeControl: { baseMs: 60_000, incrementMs: 0 },
          seats: [],
          rated: false,
          visibility: "public",
          host: user("a"),
          seed: 42,
        },
      },
    ]);
    expect(fromCreated).not.toBeNull();
  });
});

describe("modelFromSnapshot", () => {
  it("takes a live snapshot with no moves as the replay start", () => {
    const start = Othello.othello.serialize(Othello.othello.initial({}, 0));
    const model = modelFromSnapshot({ ...waiting(), status: "live", state: start, clock });
    expect(model.history).toEqual([]);
    expect(model.initial).not.toBeNull();
  });
});
