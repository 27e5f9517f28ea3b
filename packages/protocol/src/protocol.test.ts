import { GAME_ERROR_CODES } from "@arena/engine";
import { describe, expect, it } from "vitest";
import {
  CLIENT_EVENTS,
  ERROR_CODES,
  isClientEventName,
  MatchEvent,
  DisplayName,
  TIME_PRESETS,
  TimeControl,
} from "./index.js";

describe("client payloads", () => {
  it("accepts a well-formed move and brands it", () => {
    const parsed = CLIENT_EVENTS["match:move"].safeParse({ matchId: "m1", version: 4, move: "f5" });
    expect(parsed.success).toBe(true);
  });

  it.each([
    [{ matchId: "m1", move: "f5" }, "missing version"],
    [{ matchId: "m1", version: -1, move: "f5" }, "negative version"],
    [{ matchId: "m1", version: 1.5, move: "f5" }, "fractional version"],
    [{ matchId: "m 1", version: 1, move: "f5" }, "bad id characters"],
    [{ matchId: "m1", version: 1, move: "" }, "empty move"],
    [{ matchId: "m1", version: 1, move: "f5", extra: true }, "unknown key"],
    ["f5", "not an object"],
  ] as [unknown, string][])("refuses %j (%s)", (payload) => {
    expect(CLIENT_EVENTS["match:move"].safeParse(payload).success).toBe(false);
  });

  it("fills defaults in room:create and validates seats and clocks", () => {
    const ok = CLIENT_EVENTS["room:create"].safeParse({
      gameId: "othello",
      timeControl: { baseMs: 300_000, incrementMs: 0 },
      seats: [{ kind: "open" }, { kind: "ai", level: 1 }],
    });
    expect(ok.success && ok.data.visibility).toBe("public");
    expect(ok.success && ok.data.rated).toBe(false);
    const badSeat = CLIENT_EVENTS["room:create"].safeParse({
      gameId: "othello",
      timeControl: { baseMs: 300_000, incrementMs: 0 },
      seats: [{ kind: "robot" }],
    });
    expect(badSeat.success).toBe(false);
    expect(TimeControl.safeParse({ baseMs: 0, incrementMs: 0 }).success).toBe(false);
  });

  it("accepts every preset", () => {
    for (const preset of TIME_PRESETS) {
      expect(TimeControl.safeParse({ baseMs: preset.baseMs, incrementMs: preset.incrementMs }).success).toBe(
        true,
      );
    }
  });

  it("validates display names", () => {
    expect(DisplayName.safeParse("  Ada ").success && DisplayName.parse("  Ada ")).toBe("Ada");
    expect(DisplayName.safeParse("").success).toBe(false);
    expect(DisplayName.safeParse("x".repeat(25)).success).toBe(false);
    expect(DisplayName.safeParse("a\u0007b").success).toBe(false);
  });

  it("names events domain:verb", () => {
    for (const name of Object.keys(CLIENT_EVENTS)) expect(name).toMatch(/^[a-z]+:[a-z-]+$/);
    expect(isClientEventName("match:move")).toBe(true);
    expect(isClientEventName("toString")).toBe(false);
  });
});

describe("error codes", () => {
  it("include every engine code and the protocol's own, once", () => {
    for (const code of GAME_ERROR_CODES) expect(ERROR_CODES).toContain(code);
    for (const code of ["invalid-payload", "unknown-event", "stale-version", "rate-limited", "internal"]) {
      expect(ERROR_CODES).toContain(code);
    }
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});

describe("match events", () => {
  it("round-trip a moved event", () => {
    const event = {
      type: "moved",
      seat: 0,
      move: "f5",
      forced: false,
      clock: {
        baseMs: 1000,
        incrementMs: 0,
        remainingMs: [1000, 1000],
        quotaMs: [0, 0],
        started: [true, false],
        running: 1,
        runningSince: 5,
      },
    };
    expect(MatchEvent.parse(event)).toEqual(event);
    expect(MatchEvent.safeParse({ type: "teleported" }).success).toBe(false);
  });
});
