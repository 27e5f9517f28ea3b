import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import { describe, expect, it } from "vitest";
import { connectKWeb } from "../games/connect-k/index";
import { diceOfDoomWeb } from "../games/dice-of-doom/index";
import { krkWeb } from "../games/krk/index";
import { othelloWeb } from "../games/othello/index";
import type { AnyWebGame, WebGame } from "../games/web-game";
import type { Locale } from "../i18n/locales";
import { wordsIn } from "../test-support/words";
import { legalMovesSpeech, moveAnnouncement } from "./announce";

function wordsFor(locale: Locale, gameId: string) {
  return { speech: wordsIn(locale, "speech"), game: wordsIn(locale, `games.${gameId}`), locale };
}

/** Plays moves typed in the game's notation from `state`, and announces the last one. */
function announceLast<S, M>(web: WebGame<S, M>, start: S, moves: readonly string[], locale: Locale): string {
  let state = start;
  let said = "";
  for (const text of moves) {
    const parsed = web.rules.parseMove(state, text);
    if (!parsed.ok) throw new Error(`${text} does not parse`);
    const seat = web.rules.toMove(state)[0] ?? 0;
    const after = web.rules.apply(state, parsed.value);
    said = moveAnnouncement(web, state, { seat, move: text, forced: false }, after, wordsFor(locale, web.id));
    state = after;
  }
  return said;
}

const othelloStart = othelloWeb.rules.initial({}, 0);

describe("the announcement after a move", () => {
  it("Othello: the seat, the square, the discs it turned and the counts", () => {
    expect(announceLast(othelloWeb, othelloStart, ["d3"], "en")).toBe("Black d3, flips d4; Black 4, White 1");
    expect(announceLast(othelloWeb, othelloStart, ["d3", "c5"], "en")).toBe(
      "White c5, flips d5; Black 3, White 3",
    );
    expect(announceLast(othelloWeb, othelloStart, ["d3"], "ru")).toBe(
      "Чёрные: d3, переворот d4; Чёрные 4, белые 1",
    );
    expect(announceLast(othelloWeb, othelloStart, ["d3"], "ja")).toBe("黒 d3、d4 を返す。黒 4、白 1");
  });

  it("Connect-k: the column and the row the disc landed on, and a line", () => {
    const options = connectKWeb.rules.parseOptions({ preset: "connect-four" });
    if (!options.ok) throw new Error("options");
    const start = connectKWeb.rules.initial(options.value, 0);
    expect(announceLast(connectKWeb, start, ["4"], "en")).toBe("Red column 4, row 1");
    expect(announceLast(connectKWeb, start, ["4", "4"], "en")).toBe("Yellow column 4, row 2");
    const line = ["1", "1", "2", "2", "3", "3", "4"];
    expect(announceLast(connectKWeb, start, line, "en")).toBe("Red column 4, row 1: 4 in a row");
    expect(announceLast(connectKWeb, start, ["4", "4"], "ja")).toBe("黄 4列、2段目");
  });

  it("Dice of Doom: who attacked what from where and whether it won; the hexes each holds", () => {
    const options = diceOfDoomWeb.rules.parseOptions({ players: 2, size: 3, rules: "classic" });
    if (!options.ok) throw new Error("options");
    const start = diceOfDoomWeb.rules.initial(options.value, 1);
    const attack = diceOfDoomWeb.rules.legalMoves(start).find((move) => move >= 0);
    if (attack === undefined) throw new Error("the first seat always has an attack");
    const text = diceOfDoomWeb.rules.formatMove(start, attack);
    const [source = "", target = ""] = text.split(">");
    const after = diceOfDoomWeb.rules.apply(start, attack);
    const won = after.owner[DiceOfDoom.parseCell(target, 3)] === 0;
    const hexes = after.owner.filter((owner) => owner === 0).length;
    expect(announceLast(diceOfDoomWeb, start, [text], "en")).toBe(
      `Red attacks ${target} from ${source}, ${won ? "wins" : "loses"}; Red ${hexes} hexes, Blue ${9 - hexes} hexes`,
    );
  });

  it("King and rook vs king: the piece, its square, and check", () => {
    const options = krkWeb.rules.parseOptions({ start: "fen", fen: "8/8/8/4k3/8/8/8/R3K3 w - - 0 1" });
    if (!options.ok) throw new Error("options");
    const start = krkWeb.rules.initial(options.value, 0);
    expect(announceLast(krkWeb, start, ["Ra5"], "en")).toMatch(/^White rook a5, check; /);
    expect(announceLast(krkWeb, start, ["Kd2"], "en")).toMatch(/^White king d2; /);
    expect(announceLast(krkWeb, start, ["Ra5"], "ru")).toMatch(/^Белые: ладья a5, шах; /);
  });
});

describe("the legal moves (m)", () => {
  it("lists the engine's moves in the game's notation", () => {
    const words = wordsFor("en", "othello");
    expect(legalMovesSpeech(othelloWeb as unknown as AnyWebGame, othelloStart, words)).toBe(
      "Legal moves: d3, c4, f5, e6",
    );
  });
});
