import { describe, expect, it } from "vitest";
import { parseCommand } from "./commands";

describe("parseCommand", () => {
  it("reads the letters and the English words in any case", () => {
    expect(parseCommand("c")).toBe("clock");
    expect(parseCommand(" CLOCK ")).toBe("clock");
    expect(parseCommand("l")).toBe("last");
    expect(parseCommand("s")).toBe("score");
    expect(parseCommand("M")).toBe("moves");
    expect(parseCommand("turn")).toBe("turn");
    expect(parseCommand("?")).toBe("help");
  });

  it("reads full-width letters as the plain ones", () => {
    expect(parseCommand("ｍ")).toBe("moves");
  });

  it("leaves moves of every game alone", () => {
    for (const move of ["f5", "4", "a1>b1", "pass", "Rh8+", "h1h8", "PA", "", "cc"]) {
      expect(parseCommand(move)).toBeNull();
    }
  });

  it("reads the page's language's own words, each of several", () => {
    const ru = { score: "счёт счет", moves: "ходы" };
    expect(parseCommand("Счёт", ru)).toBe("score");
    expect(parseCommand("счет", ru)).toBe("score");
    expect(parseCommand("ходы", ru)).toBe("moves");
    expect(parseCommand("ходы")).toBeNull();
    expect(parseCommand("合法手", { moves: "合法手" })).toBe("moves");
  });
});
