import { CLIENT_EVENTS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { commandBody } from "./command-body";

describe("commandBody", () => {
  it("adds the version only where the protocol asks for it", () => {
    const move = commandBody("match:move", "m1", 7, { move: "f5", seat: 0 });
    expect(move).toEqual({ matchId: "m1", version: 7, move: "f5", seat: 0 });
    expect(CLIENT_EVENTS["match:move"].safeParse(move).success).toBe(true);
    const flag = commandBody("match:flag", "m1", 7, {});
    expect(flag).toEqual({ matchId: "m1" });
    expect(CLIENT_EVENTS["match:flag"].safeParse(flag).success).toBe(true);
    expect(CLIENT_EVENTS["match:rematch"].safeParse(commandBody("match:rematch", "m1", 3, {})).success).toBe(
      true,
    );
    expect(
      CLIENT_EVENTS["match:resign"].safeParse(commandBody("match:resign", "m1", 3, { seat: 1 })).success,
    ).toBe(true);
  });
});
