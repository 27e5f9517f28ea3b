import { PauseTournamentRequest, RemoveEntrantRequest } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { actionBody } from "./tournaments-api";

describe("actionBody", () => {
  it("sends an empty body for start, join, withdraw and end", () => {
    for (const action of ["start", "join", "withdraw", "end"] as const)
      expect(actionBody({ action })).toEqual({});
  });

  it("sends pause and remove as the protocol reads them", () => {
    expect(PauseTournamentRequest.parse(actionBody({ action: "pause", paused: true }))).toEqual({
      paused: true,
    });
    expect(RemoveEntrantRequest.parse(actionBody({ action: "remove", entrant: "ai-2" }))).toEqual({
      entrant: "ai-2",
    });
  });
});
