import * as ConnectK from "@arena/engine/games/connect-k/index";
import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import * as Krk from "@arena/engine/games/krk/index";
import * as Othello from "@arena/engine/games/othello/index";
import { describe, expect, it } from "vitest";
import type { Locale } from "../i18n/locales";
import { wordsIn } from "../test-support/words";
import { connectKColumnLabel, connectKView } from "./connect-k/view";
import { diceHexLabel, diceView } from "./dice-of-doom/view";
import { krkSquareLabel, krkView } from "./krk/view";
import { othelloSquareLabel, othelloView } from "./othello/view";

const LOCALES: readonly Locale[] = ["en", "ru", "ja"];
const commas = (names: string[]) => names.join(", ");

function othelloCell(name: string) {
  const view = othelloView(Othello.othello.initial({}, 0), null);
  const cell = view.rows.flat().find((c) => c.name === name);
  if (cell === undefined) throw new Error(name);
  return cell;
}

describe("an Othello square's name", () => {
  it("says the disc, and for the player to move whether it is legal and how many discs it flips", () => {
    const words = wordsIn("en", "games.othello");
    expect(othelloSquareLabel(othelloCell("d3"), true, words)).toBe("d3, empty, legal, flips 1");
    expect(othelloSquareLabel(othelloCell("d3"), false, words)).toBe("d3, empty");
    expect(othelloSquareLabel(othelloCell("e4"), false, words)).toBe("e4, black");
    expect(othelloSquareLabel(othelloCell("a1"), true, words)).toBe("a1, empty");
  });

  it("counts the flips from the engine: a move that turns two discs says 2", () => {
    // After f5 d6 c3, Black's d3 turns d4 and d5 (d5 was turned by White's d6).
    let state = Othello.othello.initial({}, 0);
    for (const move of ["f5", "d6", "c3"]) state = Othello.applyMove(state, Othello.parseSquare(move));
    const cell = othelloView(state, null)
      .rows.flat()
      .find((c) => c.legal && c.flips === 2);
    expect(cell).toBeDefined();
  });

  it("is worded in every language", () => {
    for (const locale of LOCALES) {
      const text = othelloSquareLabel(othelloCell("d3"), true, wordsIn(locale, "games.othello"));
      expect(text).toMatch(/^d3.+1/);
    }
  });
});

describe("a Connect-k column's name", () => {
  const options = ConnectK.parseConnectKOptions({ preset: "connect-four" });
  if (!options.ok) throw new Error(options.error.message);
  let state = ConnectK.connectK.initial(options.value, 0);
  for (const column of [3, 3, 3]) state = ConnectK.connectK.apply(state, column);
  const view = connectKView(state);

  it("counts the discs and names them from the bottom, and says whether a disc may drop there", () => {
    const words = wordsIn("en", "games.connect-k");
    expect(connectKColumnLabel(view, 3, true, words, commas)).toBe(
      "column 4, 3 discs: Red, Yellow, Red, legal",
    );
    expect(connectKColumnLabel(view, 0, false, words, commas)).toBe("column 1, empty");
  });

  it("says a full column is full", () => {
    let full = state;
    for (const column of [3, 3, 3]) full = ConnectK.connectK.apply(full, column);
    const words = wordsIn("en", "games.connect-k");
    expect(connectKColumnLabel(connectKView(full), 3, false, words, commas)).toMatch(
      /^column 4, 6 discs: .*, full$/,
    );
  });

  it("is worded in every language", () => {
    for (const locale of LOCALES) {
      const text = connectKColumnLabel(view, 3, true, wordsIn(locale, "games.connect-k"), commas);
      expect(text).toContain("4");
      expect(text).toContain("3");
    }
  });
});

describe("a Dice of Doom hex's name", () => {
  const options = DiceOfDoom.diceOfDoom.parseOptions({ players: 2, size: 3 });
  if (!options.ok) throw new Error(options.error.message);
  const state = DiceOfDoom.diceOfDoom.initial(options.value, 7);
  const [source, targets] = [...(diceViewSources(state) ?? [])];

  function diceViewSources(s: DiceOfDoom.DiceOfDoomState) {
    const view = diceView(s, null);
    const from = view.hexes.find((hex) => hex.source);
    if (from === undefined) return null;
    return [from, diceView(s, from.pos).hexes.filter((hex) => hex.target)] as const;
  }

  it("says whose it is, its dice, and whether it can attack or be attacked", () => {
    if (source === undefined || targets === undefined) throw new Error("no attack in the dealt board");
    const words = wordsIn("en", "games.dice-of-doom");
    const seat = source.owner === 0 ? "Red" : "Blue";
    expect(diceHexLabel(source, source.owner, true, words)).toBe(
      `hex ${source.name}, yours, ${seat}, ${source.dice} dice, can attack`,
    );
    expect(diceHexLabel(source, null, false, words)).toBe(`hex ${source.name}, ${seat}, ${source.dice} dice`);
    const target = targets[0];
    if (target === undefined) throw new Error("no target");
    expect(diceHexLabel(target, source.owner, true, words)).toMatch(
      new RegExp(`^hex ${target.name}, (Red|Blue), \\d (die|dice), target$`),
    );
  });
});

describe("a chess square's name", () => {
  const options = Krk.krk.parseOptions({ fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1" });
  if (!options.ok) throw new Error(options.error.message);
  const state = Krk.krk.initial(options.value, 0);
  const cell = (view: ReturnType<typeof krkView>, name: string) => {
    const found = view.rows.flat().find((c) => c.name === name);
    if (found === undefined) throw new Error(name);
    return found;
  };

  it("names the piece, and the picked-up piece's destinations as legal", () => {
    const words = wordsIn("en", "games.krk");
    const idle = krkView(state, null, false);
    expect(krkSquareLabel(cell(idle, "g6"), words)).toBe("g6, white king");
    expect(krkSquareLabel(cell(idle, "a8"), words)).toBe("a8, empty");
    const picked = krkView(state, Krk.parseSquare("a1"), false);
    expect(krkSquareLabel(cell(picked, "a8"), words)).toBe("a8, empty, legal");
    expect(krkSquareLabel(cell(picked, "b2"), words)).toBe("b2, empty");
  });

  it("is worded in every language", () => {
    for (const locale of LOCALES) {
      expect(krkSquareLabel(cell(krkView(state, null, false), "h8"), wordsIn(locale, "games.krk"))).toMatch(
        /^h8.+/,
      );
    }
  });
});
