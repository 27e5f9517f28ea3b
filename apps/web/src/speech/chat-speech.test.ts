import type { ChatLine } from "@arena/protocol";
import { asMillis, asUserId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { lineToSay } from "./chat-speech";

const line = (id: string, author: string): ChatLine => ({
  id,
  channel: "players",
  author: { id: asUserId(author), name: author, account: false, bot: false },
  text: `line ${id}`,
  at: asMillis(Number(id)),
});

describe("lineToSay", () => {
  it("reads a line another player says, once", () => {
    const heard = new Set<string>();
    expect(lineToSay([], heard, "u_me")).toBeNull();
    const lines = [line("1", "u_jo")];
    expect(lineToSay(lines, heard, "u_me")?.id).toBe("1");
    expect(lineToSay(lines, heard, "u_me")).toBeNull();
  });

  it("does not read back the viewer's own line", () => {
    expect(lineToSay([line("1", "u_me")], new Set(), "u_me")).toBeNull();
  });

  it("does not read a history that arrives at once, then reads the next line", () => {
    const heard = new Set<string>();
    const history = [line("1", "u_jo"), line("2", "u_kim")];
    expect(lineToSay(history, heard, "u_me")).toBeNull();
    expect(lineToSay([...history, line("3", "u_jo")], heard, "u_me")?.id).toBe("3");
  });
});
