import { describe, expect, it } from "vitest";
import { CLIENT_EVENTS } from "@arena/protocol";
import {
  botForm,
  canBeRated,
  createPayload,
  defaultForm,
  fitSeats,
  inviteLink,
  quickForm,
  timeControlOf,
  CORRESPONDENCE_TIME,
  DAYS_CHOICES,
  isDaysPerMove,
} from "./create-model";

describe("create form", () => {
  it("offers a rated game only to a logged-in human hosting two people", () => {
    const othello = { ...defaultForm("othello"), rated: true };
    const human = { bot: false };
    expect(canBeRated(othello, human)).toBe(true);
    expect(canBeRated(othello, undefined)).toBe(false);
    expect(canBeRated(othello, { bot: true })).toBe(false);
    expect(canBeRated({ ...othello, seats: ["me", "ai"] }, human)).toBe(false);
    expect(canBeRated({ ...defaultForm("dice-of-doom"), rated: true }, human)).toBe(false);
    // A rated game starts from the game's own start: KRK's random one, never a chosen FEN or distance.
    const krk = { ...defaultForm("krk"), rated: true };
    expect(canBeRated(krk, human)).toBe(true);
    expect(canBeRated({ ...krk, options: { ...krk.options, start: "fen" } }, human)).toBe(false);
    expect(canBeRated({ ...krk, options: { ...krk.options, start: "distance" } }, human)).toBe(false);
    const asked = (account?: { bot: boolean }) => {
      const built = createPayload(othello, 5, account);
      return built.ok && built.payload.rated;
    };
    expect(asked(human)).toBe(true);
    // A guest's form never sends rated: true, whatever the box said before they logged out.
    expect(asked(undefined)).toBe(false);
  });

  it("invites a player by name, and wants the name", () => {
    const form = { ...defaultForm("othello"), seats: ["me", "player"] as const, invitees: ["", "  Edax  "] };
    const built = createPayload(form, 5);
    expect(built.ok && built.payload.seats).toEqual([{ kind: "open" }, { kind: "invite", name: "Edax" }]);
    expect(built.ok && CLIENT_EVENTS["room:create"].safeParse(built.payload).success).toBe(true);
    expect(createPayload({ ...form, invitees: ["", " "] }, 5)).toEqual({ ok: false, problem: "invitee" });
  });

  it("plays a bot: the viewer first, the bot invited by name to the other seat", () => {
    const built = createPayload(botForm("othello", "Edax"), 5);
    expect(built.ok && built.payload).toMatchObject({
      gameId: "othello",
      sit: 0,
      seats: [{ kind: "open" }, { kind: "invite", name: "Edax" }],
    });
  });

  it("sizes seats from the engine's seat count", () => {
    expect(defaultForm("othello").seats).toEqual(["me", "open"]);
    expect(defaultForm("dice-of-doom").seats).toEqual(["me", "open", "open"]);
    const four = fitSeats({
      ...defaultForm("dice-of-doom"),
      options: { players: 4, size: 4, maxDice: 3, rules: "classic" },
    });
    expect(four.seats).toHaveLength(4);
  });

  it("builds payloads the protocol accepts, with the game's own option mapping", () => {
    const custom = createPayload(
      {
        ...defaultForm("connect-k"),
        options: { preset: "custom", width: 5, height: 4, k: 3 },
        time: "custom",
        customBaseMinutes: 0.5,
        customIncrementSeconds: 1,
        seats: ["invite", "me"],
      },
      5,
    );
    expect(custom.ok && CLIENT_EVENTS["room:create"].safeParse(custom.payload).success).toBe(true);
    expect(custom.ok && custom.payload).toMatchObject({
      options: { width: 5, height: 4, k: 3 },
      timeControl: { baseMs: 30_000, incrementMs: 1_000 },
      seats: [{ kind: "invite" }, { kind: "open" }],
      sit: 1,
    });
    const preset = createPayload(defaultForm("connect-k"), 5);
    expect(preset.ok && preset.payload.options).toEqual({ preset: "connect-four" });
  });

  it("keeps AI levels within what the server offers", () => {
    const form = {
      ...quickForm("othello", { label: "", seats: ["me", "ai"], levels: [3, 3] }),
      levels: [9, 9],
    };
    const built = createPayload(form, 7);
    expect(built.ok && built.payload.seats[1]).toEqual({ kind: "ai", level: 7 });
    const low = createPayload({ ...form, levels: [0, 0] }, 7);
    expect(low.ok && low.payload.seats[1]).toEqual({ kind: "ai", level: 1 });
  });

  it("reports the engine's refusal of bad options and a seat taken twice", () => {
    const bad = createPayload(
      { ...defaultForm("connect-k"), options: { preset: "custom", width: 3, height: 3, k: 8 } },
      5,
    );
    expect(bad.ok).toBe(false);
    const twice = createPayload({ ...defaultForm("othello"), seats: ["me", "me"] }, 5);
    expect(twice).toEqual({ ok: false, problem: "oneSeat" });
  });

  it("reads presets and custom time controls", () => {
    expect(timeControlOf({ ...defaultForm("othello"), time: "3+2" })).toEqual({
      baseMs: 180_000,
      incrementMs: 2_000,
    });
  });

  it("sends days per move, valid for the server's schema, with open, invited and computer seats", () => {
    const corr = { ...defaultForm("othello"), time: CORRESPONDENCE_TIME, daysPerMove: 7 as const };
    expect(DAYS_CHOICES).toEqual([1, 2, 3, 5, 7, 14]);
    expect(isDaysPerMove(5)).toBe(true);
    expect(isDaysPerMove(4)).toBe(false);
    const seatings = [
      { seats: ["me", "open"] as const, invitees: ["", ""] },
      { seats: ["me", "player"] as const, invitees: ["", "Bob"] },
      { seats: ["me", "ai"] as const, invitees: ["", ""] },
    ];
    for (const seating of seatings) {
      const built = createPayload({ ...corr, ...seating }, 5);
      expect(built.ok && built.payload.timeControl).toEqual({ daysPerMove: 7 });
      expect(built.ok && CLIENT_EVENTS["room:create"].safeParse(built.payload).success).toBe(true);
    }
  });

  it("sends a time bank within the protocol's bounds, and names a bank out of them", () => {
    const bank = {
      ...defaultForm("othello"),
      time: CORRESPONDENCE_TIME,
      correspondence: "bank" as const,
      bankDays: 3,
      incrementDays: 1,
      capDays: 7,
    };
    const built = createPayload(bank, 5);
    expect(built.ok && built.payload.timeControl).toEqual({ bankDays: 3, incrementDays: 1, capDays: 7 });
    expect(built.ok && CLIENT_EVENTS["room:create"].safeParse(built.payload).success).toBe(true);
    for (const wrong of [
      { bankDays: 8, capDays: 7 },
      { bankDays: 0 },
      { capDays: 22, bankDays: 3 },
      { incrementDays: 8 },
      { incrementDays: -1 },
      { bankDays: 2.5 },
    ]) {
      expect(createPayload({ ...bank, ...wrong }, 5)).toEqual({ ok: false, problem: "bank" });
    }
  });

  it("keeps the real-time choices when correspondence is not chosen", () => {
    const form = { ...defaultForm("othello"), correspondence: "bank" as const };
    expect(timeControlOf(form)).toEqual({ baseMs: 300_000, incrementMs: 0 });
  });

  it("writes invite links", () => {
    expect(inviteLink("http://x", "m1", "t1")).toBe("http://x/play/m1?invite=t1");
  });
});
