import { asMillis, asUserId, type TournamentChatLine } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { mergeTournamentLines } from "./chat-lines";

const line = (id: string, at: number): TournamentChatLine => ({
  id,
  author: { id: asUserId("u_ada"), name: "Ada", account: true, bot: false },
  text: id,
  at: asMillis(at),
});

describe("mergeTournamentLines", () => {
  it("keeps each line once, in the order said, the newest only", () => {
    const held = [line("a", 1), line("c", 3)];
    expect(mergeTournamentLines(held, [line("c", 3)], 10)).toBe(held);
    expect(mergeTournamentLines(held, [line("b", 2), line("d", 4)], 10).map((l) => l.id)).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    expect(mergeTournamentLines(held, [line("d", 4)], 2).map((l) => l.id)).toEqual(["c", "d"]);
  });
});
