import { CreateTournamentRequest, MAX_AI_ENTRANTS, MAX_TOURNAMENT_INVITEES } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import {
  aiLadder,
  defaultTournamentForm,
  inviteeNamesOf,
  tournamentRequest,
  withAi,
  withoutAi,
} from "./create-model";

const NOW = Date.UTC(2026, 10, 27, 20, 0);
const form = defaultTournamentForm("othello");

describe("tournamentRequest", () => {
  it("sends a swiss's rounds, the preset's clock and the AI entrants, as the protocol reads them", () => {
    const built = tournamentRequest(withAi(withAi({ ...form, rounds: 3, time: "1+0" }, 1), 1), NOW);
    expect(built).toEqual({
      ok: true,
      request: {
        gameId: "othello",
        format: "swiss",
        timeControl: { baseMs: 60_000, incrementMs: 0 },
        rounds: 3,
        rated: false,
        maxPlayers: 64,
        entrants: [
          { kind: "ai", level: 1 },
          { kind: "ai", level: 1 },
        ],
      },
    });
    if (built.ok) expect(CreateTournamentRequest.safeParse(built.request).success).toBe(true);
  });

  it("enters each bot named once, after the AI entrants", () => {
    const built = tournamentRequest(withAi({ ...form, botNames: " Iago, zebra ,, iago," }, 2), NOW);
    expect(built.ok && built.request.entrants).toEqual([
      { kind: "ai", level: 2 },
      { kind: "bot", name: "iago" },
      { kind: "bot", name: "zebra" },
    ]);
    if (built.ok) expect(CreateTournamentRequest.safeParse(built.request).success).toBe(true);
  });

  it("sends only the settings of the format chosen", () => {
    const arena = tournamentRequest({ ...form, format: "arena", durationMinutes: 45, berserk: true }, NOW);
    expect(arena.ok && arena.request).toMatchObject({ durationMs: 2_700_000, berserk: true });
    expect(arena.ok && "rounds" in arena.request).toBe(false);
    const robin = tournamentRequest({ ...form, format: "round-robin", double: true, name: " Club " }, NOW);
    expect(robin.ok && robin.request).toMatchObject({ double: true, name: "Club" });
    expect(robin.ok && ("rounds" in robin.request || "durationMs" in robin.request)).toBe(false);
  });

  it("sends pairs from one opening for any format, without berserk", () => {
    const pairs = tournamentRequest({ ...form, format: "arena", berserk: true, pairs: true }, NOW);
    expect(pairs.ok && pairs.request).toMatchObject({ pairsFromOneOpening: true, berserk: false });
    const plain = tournamentRequest(form, NOW);
    expect(plain.ok && "pairsFromOneOpening" in plain.request).toBe(false);
  });

  it("sends a start time when one is chosen, and refuses one missing or past", () => {
    const parse = (value: string) => (value === "" ? Number.NaN : Number(value));
    const at = tournamentRequest({ ...form, start: "at", startsAt: String(NOW + 60_000) }, NOW, parse);
    expect(at.ok && at.request.startsAt).toBe(NOW + 60_000);
    expect(tournamentRequest({ ...form, start: "at", startsAt: "" }, NOW, parse)).toEqual({
      ok: false,
      problem: "startTime",
    });
    expect(tournamentRequest({ ...form, start: "at", startsAt: String(NOW) }, NOW, parse)).toEqual({
      ok: false,
      problem: "startPassed",
    });
  });

  it("sends settings out of the protocol's bounds for the server to refuse, as its schema does", () => {
    for (const wrong of [
      { rounds: 0 },
      { format: "arena" as const, durationMinutes: 0.5 },
      { maxPlayers: 1 },
      { name: "x".repeat(61) },
    ]) {
      const built = tournamentRequest({ ...form, ...wrong }, NOW);
      expect(built.ok).toBe(true);
      if (built.ok) expect(CreateTournamentRequest.safeParse(built.request).success).toBe(false);
    }
  });
});

describe("invitations", () => {
  it("sends by invitation only and each invitee once, trimmed, split at commas or spaces", () => {
    const built = tournamentRequest(
      { ...form, invitationOnly: true, inviteeNames: " Bea, carl  bea\nDan,, CARL " },
      NOW,
    );
    expect(built.ok && built.request).toMatchObject({
      invitationOnly: true,
      invitees: ["Bea", "carl", "Dan"],
    });
    if (built.ok) expect(CreateTournamentRequest.safeParse(built.request).success).toBe(true);
    expect(inviteeNamesOf(" , ")).toEqual([]);
  });

  it("sends neither field for an open tournament that invites nobody", () => {
    const built = tournamentRequest({ ...form, inviteeNames: "  " }, NOW);
    expect(built.ok && ("invitationOnly" in built.request || "invitees" in built.request)).toBe(false);
  });

  it("invites by name to an open tournament too", () => {
    const built = tournamentRequest({ ...form, inviteeNames: "bea" }, NOW);
    expect(built.ok && built.request).toMatchObject({ invitees: ["bea"] });
    expect(built.ok && "invitationOnly" in built.request).toBe(false);
  });

  it(`takes at most ${MAX_TOURNAMENT_INVITEES} names, each at most 40 characters`, () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `player${i}`).join(" ");
    expect(tournamentRequest({ ...form, inviteeNames: names(MAX_TOURNAMENT_INVITEES) }, NOW).ok).toBe(true);
    expect(tournamentRequest({ ...form, inviteeNames: names(MAX_TOURNAMENT_INVITEES + 1) }, NOW)).toEqual({
      ok: false,
      problem: "invitees",
    });
    // Repeats count once.
    const repeated = `${names(MAX_TOURNAMENT_INVITEES)} ${names(MAX_TOURNAMENT_INVITEES)}`;
    expect(tournamentRequest({ ...form, inviteeNames: repeated }, NOW).ok).toBe(true);
    expect(tournamentRequest({ ...form, inviteeNames: `bea ${"x".repeat(40)}` }, NOW).ok).toBe(true);
    expect(tournamentRequest({ ...form, inviteeNames: `bea ${"x".repeat(41)}` }, NOW)).toEqual({
      ok: false,
      problem: "inviteeName",
    });
  });
});

describe("AI entrants", () => {
  it("are added by level up to the server's limit and removed by position", () => {
    let held = form;
    for (let i = 0; i < MAX_AI_ENTRANTS + 2; i++) held = withAi(held, (i % 4) + 1);
    expect(held.aiLevels).toHaveLength(MAX_AI_ENTRANTS);
    expect(withoutAi({ ...form, aiLevels: [1, 2, 3] }, 1).aiLevels).toEqual([1, 3]);
  });

  it("make a round-robin of every level in one click, in place of the entrants before", () => {
    const ladder = aiLadder({ ...form, format: "swiss", aiLevels: [3, 3] }, [1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ladder).toMatchObject({ format: "round-robin", aiLevels: [1, 2, 3, 4, 5, 6, 7, 8] });
    const built = tournamentRequest(ladder, NOW);
    expect(built.ok && built.request.entrants).toHaveLength(8);
    const many = Array.from({ length: MAX_AI_ENTRANTS + 4 }, (_, i) => i + 1);
    expect(aiLadder(form, many).aiLevels).toHaveLength(MAX_AI_ENTRANTS);
  });
});
