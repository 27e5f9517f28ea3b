import { evolve, initialModel, type MatchModel, remainingAt } from "@arena/match";
import { getGame } from "@arena/engine/registry";
import { asMatchId, asMillis, asVersion, DAY_MS, type MatchEvent, type UserRef } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type Actor, type Command, decide, isRefusal } from "../decide.js";

const ada = { id: "u_ada", name: "Ada", account: true } as UserRef;
const bob = { id: "u_bob", name: "Bob", account: true } as UserRef;
const as = (u: UserRef): Actor => ({ kind: "user", user: u, inviteOk: false });
const SECRET = "b2".repeat(32);

function apply(model: MatchModel, events: readonly MatchEvent[], at: number): MatchModel {
  return events.reduce(
    (m, event) => evolve(m, { version: asVersion(m.version + 1), at: asMillis(at), event }),
    model,
  );
}

/** Runs `command` at `now`: the model after it and the events it appended (a refusal throws). */
function run(model: MatchModel, actor: Actor, command: Command, now: number) {
  const decided = decide(model, command, { now, actor, gone: new Set(), maxAiLevel: 7, secret: SECRET });
  if (isRefusal(decided)) throw new Error(decided.message);
  return { model: apply(model, decided.events, now), events: decided.events };
}

function clockOf(model: MatchModel) {
  if (model.clock === null) throw new Error("no clock");
  return model.clock;
}

/** A two-day correspondence game started at 0: Ada (seat 0, black) to move. */
function twoDayGame(): MatchModel {
  const options = getGame("othello").parseOptions({});
  if (!options.ok) throw new Error(options.error.message);
  let model = initialModel(asMatchId("m1"), {
    version: asVersion(1),
    at: asMillis(0),
    event: {
      type: "created",
      gameId: "othello",
      options: options.value,
      timeControl: { daysPerMove: 2 },
      seats: [{ kind: "open" }, { kind: "open" }],
      rated: false,
      visibility: "public",
      host: ada,
      commitment: "",
    },
  });
  model = run(model, as(ada), { type: "join", seat: 0 }, 0).model;
  return run(model, as(bob), { type: "join", seat: 1 }, 0).model;
}

describe("vacation in a correspondence game, on a fake clock", () => {
  it("stands the clock still while away (no flag), and runs it again from the return", () => {
    const hour = 3_600_000;
    let model = run(twoDayGame(), as(ada), { type: "vacation", userId: ada.id, on: true }, 10 * hour).model;
    expect(model.clock?.vacation).toEqual([true, false]);
    // Ten days later, far past the two-day period: still 2 days − 10 hours left, and no flag.
    const away = 10 * hour + 10 * DAY_MS;
    expect(remainingAt(clockOf(model), away)[0]).toBe(2 * DAY_MS - 10 * hour);
    expect(run(model, { kind: "system" }, { type: "tick" }, away).events).toEqual([]);
    model = run(model, { kind: "system" }, { type: "vacation", userId: ada.id, on: false }, away).model;
    expect(model.clock?.vacation).toBeUndefined();
    // Back: the clock runs from the return, and the flag falls when the rest is used.
    const flagAt = away + 2 * DAY_MS - 10 * hour;
    expect(run(model, { kind: "system" }, { type: "tick" }, flagAt - 1).events).toEqual([]);
    const flagged = run(model, { kind: "system" }, { type: "tick" }, flagAt);
    expect(flagged.events.map((e) => e.type)).toContain("ended");
  });

  it("puts the opponent's clock on vacation without stopping the mover's", () => {
    const model = run(twoDayGame(), as(bob), { type: "vacation", userId: bob.id, on: true }, 0).model;
    expect(model.clock?.vacation).toEqual([false, true]);
    expect(remainingAt(clockOf(model), DAY_MS)[0]).toBe(DAY_MS);
  });
});
