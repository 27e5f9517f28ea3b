import { describe, expect, it } from "vitest";
import { CLIENT_EVENTS } from "@arena/protocol";
import { QUICK_GAMES, createPayload, defaultForm, fitSeats, inviteLink, timeControlOf } from "./create-model";

describe("create form", () => {
  it("sizes seats from the engine's seat count", () => {
    expect(defaultForm("othello").seats).toEqual(["me", "open"]);
    expect(defaultForm("dice-of-doom").seats).toEqual(["me", "open", "open"]);
    const four = fitSeats({
      ...defaultForm("dice-of-doom"),
      options: { players: 4, size: 4, maxDice: 3, rules: "classic" },
    });
    expect(four.seats).toHaveLength(4);
  });

  it("builds payloads the protocol accepts", () => {
    for (const { form } of QUICK_GAMES) {
      const built = createPayload(form);
      expect(built.ok).toBe(true);
      if (built.ok) expect(CLIENT_EVENTS["room:create"].safeParse(built.payload).success).toBe(true);
    }
    const custom = createPayload({
      ...defaultForm("connect-k"),
      options: { preset: "custom", width: 5, height: 4, k: 3 },
      time: "custom",
      customBaseMinutes: 0.5,
      customIncrementSeconds: 1,
      seats: ["invite", "me"],
    });
    expect(custom.ok && custom.payload).toMatchObject({
      options: { width: 5, height: 4, k: 3 },
      timeControl: { baseMs: 30_000, incrementMs: 1_000 },
      seats: [{ kind: "invite" }, { kind: "open" }],
      sit: 1,
    });
  });

  it("reports the engine's refusal of bad options", () => {
    const bad = createPayload({
      ...defaultForm("connect-k"),
      options: { preset: "custom", width: 3, height: 3, k: 8 },
    });
    expect(bad.ok).toBe(false);
  });

  it("reads presets and custom time controls", () => {
    expect(timeControlOf({ ...defaultForm("othello"), time: "3+2" })).toEqual({
      baseMs: 180_000,
      incrementMs: 2_000,
    });
  });

  it("writes invite links", () => {
    expect(inviteLink("http://x", "m1", "t1")).toBe("http://x/play/m1?invite=t1");
  });
});
