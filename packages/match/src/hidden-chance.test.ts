import { diceOf } from "@arena/engine/core/chance";
import { Random } from "@arena/engine/core/rng";
import { getGame } from "@arena/engine/registry";
import {
  asMatchId,
  asMillis,
  asVersion,
  type MatchEvent,
  type UserRef,
  type VersionedEvent,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { createClock } from "./clock.js";
import { aiSeedOf, commitmentOf, rollsAt, seatOrderOf, startSeedOf, verifyMatch } from "./hidden-chance.js";
import { evolve, fold, initialModel, type MatchModel } from "./model.js";
import { toHex } from "./sha256.js";

const ada = { id: "u_ada", name: "Ada" } as UserRef;
const bob = { id: "u_bob", name: "Bob" } as UserRef;
const tc = { baseMs: 60_000, incrementMs: 0 };
const matchId = asMatchId("m1");

function secretFrom(seed: number): string {
  const random = new Random(seed);
  return toHex(Uint8Array.from({ length: 32 }, () => random.int(256)));
}

function entry(version: number, event: MatchEvent): VersionedEvent {
  return { version: asVersion(version), at: asMillis(version), event };
}

/**
 * A whole match played the way the server plays one (docs/protocol.md, "Hidden randomness"): the
 * commitment in `created`, the start drawn from the secret, every move's dice drawn from the secret at
 * its ply once it was chosen, and the secret revealed in `ended`.
 */
function playedMatch(gameId: "dice-of-doom" | "othello", options: unknown, secret: string): VersionedEvent[] {
  const game = getGame(gameId);
  const parsed = game.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const log: VersionedEvent[] = [
    entry(1, {
      type: "created",
      gameId,
      options: parsed.value,
      timeControl: tc,
      seats: [{ kind: "open" }, { kind: "open" }],
      rated: false,
      visibility: "public",
      host: ada,
      commitment: commitmentOf(secret),
    }),
    entry(2, { type: "seat-joined", seat: 0, user: ada }),
    entry(3, { type: "seat-joined", seat: 1, user: bob }),
  ];
  const start = game.initial(parsed.value, startSeedOf(secret));
  const clock = createClock(tc, 2, 0, 0);
  log.push(entry(4, { type: "started", state: game.serialize(start), clock }));
  let model: MatchModel = fold(matchId, log);
  const pick = new Random(1);
  while (game.toMove(model.state).length > 0 && model.moves.length < 400) {
    const moves = game.legalMoves(model.state);
    const move = moves[pick.int(moves.length)];
    const faces = diceOf(game, model.state, move);
    const rolls = faces.length === 0 ? undefined : rollsAt(secret, model.moves.length, faces);
    const event: MatchEvent = {
      type: "moved",
      seat: game.toMove(model.state)[0] ?? 0,
      move: game.formatMove(model.state, move),
      forced: false,
      clock,
      ...(rolls === undefined ? {} : { rolls }),
    };
    const next = entry(model.version + 1, event);
    log.push(next);
    model = evolve(model, next);
  }
  const outcome = game.outcome(model.state);
  const result =
    outcome.kind === "finished"
      ? { reason: "normal" as const, winners: [...outcome.winners], scores: [...outcome.scores] }
      : { reason: "abort" as const, winners: [], scores: [] };
  log.push(entry(model.version + 1, { type: "ended", result, clock: null, secret }));
  return log;
}

describe("the secret's streams", () => {
  const secret = secretFrom(1);

  it("commit to the secret with its SHA-256, and draw seeds and dice from it alone", () => {
    expect(commitmentOf(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentOf(secret)).not.toBe(commitmentOf(secretFrom(2)));
    expect(startSeedOf(secret)).toBe(startSeedOf(secret));
    expect(startSeedOf(secret)).not.toBe(aiSeedOf(secret));
    expect(rollsAt(secret, 3, [6, 6, 6])).toEqual(rollsAt(secret, 3, [6, 6, 6]));
    expect(() => rollsAt("abc", 0, [6])).toThrow(RangeError);
    expect(() => rollsAt(secret, 0, [1])).toThrow(RangeError);
  });

  it("roll every face equally often, with fresh dice at every ply and for every secret", () => {
    const counts = new Array<number>(7).fill(0);
    const plies = 3000;
    const seen = new Set<string>();
    for (let ply = 0; ply < plies; ply++) {
      const rolls = rollsAt(secret, ply, [6, 6, 6, 6]);
      seen.add(rolls.join(""));
      for (const roll of rolls) counts[roll] = (counts[roll] ?? 0) + 1;
    }
    expect(counts[0]).toBe(0);
    // 12,000 dice: each face 2,000 ± 4.5 standard deviations (~41).
    for (let face = 1; face <= 6; face++) expect(Math.abs((counts[face] ?? 0) - 2000)).toBeLessThan(185);
    // 1,296 outcomes of four dice; 3,000 plies see nearly all of them.
    expect(seen.size).toBeGreaterThan(1100);
    const other = secretFrom(2);
    let same = 0;
    for (let ply = 0; ply < 200; ply++) {
      if (rollsAt(secret, ply, [6, 6, 6, 6, 6]).join() === rollsAt(other, ply, [6, 6, 6, 6, 6]).join())
        same++;
    }
    expect(same).toBeLessThan(3);
  });

  it("take more blocks of the stream for many dice", () => {
    const rolls = rollsAt(secret, 0, new Array<number>(100).fill(6));
    expect(rolls).toHaveLength(100);
    expect(rolls.every((roll) => roll >= 1 && roll <= 6)).toBe(true);
    expect(rollsAt(secret, 0, [256, 2]).every((roll) => roll >= 1)).toBe(true);
  });
});

describe("the seats a rated game of uneven seats draws", () => {
  it("keep or swap the two players by the secret, and verifyMatch checks them", () => {
    const orders = new Set<string>();
    for (let seed = 0; seed < 32; seed++) orders.add(seatOrderOf(secretFrom(seed), 2).join());
    expect([...orders].sort()).toEqual(["0,1", "1,0"]);

    const secret = secretFrom(3);
    const game = getGame("othello");
    const order = seatOrderOf(secret, 2);
    const log = (drawn: number[]): VersionedEvent[] => [
      entry(1, {
        type: "created",
        gameId: "othello",
        options: {},
        timeControl: tc,
        seats: [{ kind: "open" }, { kind: "open" }],
        rated: true,
        visibility: "public",
        host: ada,
        commitment: commitmentOf(secret),
      }),
      entry(2, { type: "seat-joined", seat: 0, user: ada }),
      entry(3, { type: "seat-joined", seat: 1, user: bob }),
      entry(4, { type: "seats-drawn", order: drawn }),
      entry(5, {
        type: "started",
        state: game.serialize(game.initial({}, startSeedOf(secret))),
        clock: createClock(tc, 2, 0, 0),
      }),
      entry(6, { type: "ended", result: { reason: "abort", winners: [], scores: [] }, clock: null, secret }),
    ];
    const drawn = fold(matchId, log(order));
    expect(drawn.slots.map((slot) => (slot.kind === "human" ? slot.user.name : null))).toEqual(
      order.map((from) => [ada, bob][from]?.name),
    );
    expect(verifyMatch(matchId, log(order)).ok).toBe(true);
    expect(verifyMatch(matchId, log([...order].reverse()))).toEqual({
      ok: false,
      reason: "the seats are not the ones the secret draws",
    });
  });
});

describe("verifyMatch", () => {
  const secret = secretFrom(7);
  const chance = playedMatch("dice-of-doom", { rules: "chance", players: 2, size: 4 }, secret);

  it("verifies a finished chance game against its revealed secret", () => {
    const verified = verifyMatch(matchId, chance);
    expect(verified).toEqual({ ok: true, rolledMoves: expect.any(Number) as number });
    expect(verified.ok && verified.rolledMoves).toBeGreaterThan(3);
  });

  it("verifies a game without chance too: the commitment and the start position", () => {
    expect(verifyMatch(matchId, playedMatch("othello", {}, secret))).toEqual({ ok: true, rolledMoves: 0 });
  });

  const tampered = (change: (event: MatchEvent, index: number) => MatchEvent): VersionedEvent[] =>
    chance.map((e, i) => ({ ...e, event: change(e.event, i) }));
  const firstRolled = chance.findIndex((e) => e.event.type === "moved" && e.event.rolls !== undefined);

  it.each([
    [
      "another secret revealed",
      () => tampered((e) => (e.type === "ended" ? { ...e, secret: secretFrom(8) } : e)),
      "does not match the commitment",
    ],
    [
      "no secret revealed",
      () => tampered((e) => (e.type === "ended" ? { ...e, secret: undefined } : e)),
      "reveals no secret",
    ],
    [
      "another board",
      () =>
        tampered((e) => {
          if (e.type !== "started") return e;
          const game = getGame("dice-of-doom");
          const options = game.parseOptions({ rules: "chance", players: 2, size: 4 });
          if (!options.ok) throw new Error(options.error.message);
          return { ...e, state: game.serialize(game.initial(options.value, startSeedOf(secret) + 1)) };
        }),
      "start position",
    ],
    [
      "other dice for one attack",
      () =>
        tampered((e, i) =>
          i === firstRolled && e.type === "moved" && e.rolls !== undefined
            ? { ...e, rolls: e.rolls.map((roll) => (roll % 6) + 1) }
            : e,
        ),
      "the dice are not the ones the secret rolls",
    ],
    ["a match that has not ended", () => chance.slice(0, -1), "has not ended"],
  ])("refuses %s", (_name, log, reason) => {
    const verified = verifyMatch(matchId, log());
    expect(verified.ok).toBe(false);
    expect(verified.ok ? "" : verified.reason).toContain(reason);
  });

  it("refuses a match created before commitments", () => {
    const [created, ...rest] = chance;
    if (created?.event.type !== "created") throw new Error("no created");
    const { commitment: _, ...legacy } = created.event;
    expect(verifyMatch(matchId, [{ ...created, event: legacy }, ...rest])).toEqual({
      ok: false,
      reason: "the match was created before commitments",
    });
  });

  it("recognises the former deal's start in a match created before the deal changed, and only then", () => {
    const game = getGame("dice-of-doom");
    const options = game.parseOptions({ rules: "chance", players: 2, size: 4 });
    if (!options.ok || game.formerDeal === undefined) throw new Error("Dice of Doom keeps its former deal");
    const formerStart = game.serialize(game.formerDeal.initial(options.value, startSeedOf(secret)));
    const started = chance.findIndex((e) => e.event.type === "started");
    const ended = chance.at(-1);
    if (started < 0 || ended === undefined) throw new Error("no start or end");
    // The game up to its start, then its end: the former start with none of the moves made on the new one.
    const log = (createdAt: number): VersionedEvent[] => [
      ...chance.slice(0, started).map((e, i) => (i === 0 ? { ...e, at: asMillis(createdAt) } : e)),
      ...chance
        .slice(started, started + 1)
        .map((e) => (e.event.type === "started" ? { ...e, event: { ...e.event, state: formerStart } } : e)),
      { ...ended, version: asVersion(started + 2) },
    ];
    expect(formerStart).not.toEqual(chance[started]?.event.type === "started" && chance[started].event.state);
    expect(verifyMatch(matchId, log(game.formerDeal.until - 1))).toEqual({ ok: true, rolledMoves: 0 });
    const after = verifyMatch(matchId, log(game.formerDeal.until));
    expect(after.ok ? "" : after.reason).toContain("not the one the secret draws");
  });

  it("folds the dice the log recorded: the model and its replay never roll", () => {
    const model = fold(matchId, chance);
    expect(model.revealedSecret).toBe(secret);
    expect(model.commitment).toBe(commitmentOf(secret));
    expect(model.moves.toArray().filter((m) => m.rolls !== undefined).length).toBeGreaterThan(3);
    expect(initialModel(matchId, chance[0] as VersionedEvent).revealedSecret).toBeNull();
  });
});
