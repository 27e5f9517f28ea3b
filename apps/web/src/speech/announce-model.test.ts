import { describe, expect, it } from "vitest";
import { webGame } from "../games/registry";
import { ANN, MatchLog } from "../test-support/match-log";
import { wordsIn } from "../test-support/words";
import { clockSpeech, lastMoveSpeech, newMoveAnnouncements, turnSpeech } from "./announce";

const words = { speech: wordsIn("en", "speech"), game: wordsIn("en", "games.othello"), locale: "en" };
const web = webGame("othello");

/** Ann (Black) against a computer, with `moves` played. */
function othelloLog(moves: readonly string[]) {
  const log = new MatchLog("othello", [{ kind: "open" }, { kind: "ai", level: 3 }]);
  log.add({ type: "seat-joined", seat: 0, user: ANN });
  log.start();
  for (const move of moves) log.move(move);
  return log;
}

describe("the room's announcements over a match", () => {
  it("says each move past the known ones, with the position it was played in", () => {
    const before = othelloLog(["d3"]).model();
    const model = othelloLog(["d3", "c5", "f6"]).model();
    expect(newMoveAnnouncements(model, { length: 1, state: before.state }, web, words)).toEqual([
      "White c5, flips d5; Black 3, White 3",
      "Black f6, flips e5; Black 5, White 2",
    ]);
    const one = othelloLog(["d3", "c5"]).model();
    expect(newMoveAnnouncements(one, { length: 1, state: before.state }, web, words)).toEqual([
      "White c5, flips d5; Black 3, White 3",
    ]);
  });

  it("says nothing when no move was added (a takeback, a presence change)", () => {
    const model = othelloLog(["d3"]).model();
    expect(newMoveAnnouncements(model, { length: 1, state: model.state }, web, words)).toEqual([]);
    expect(newMoveAnnouncements(model, { length: 2, state: null }, web, words)).toEqual([]);
  });

  it("answers the last move, whose turn it is, and the clocks", () => {
    const log = othelloLog(["d3", "c5"]);
    const model = log.model();
    expect(lastMoveSpeech(model, web, words)).toBe("Last move: White c5, flips d5");
    expect(lastMoveSpeech(othelloLog([]).model(), web, words)).toBe("No move yet");
    expect(turnSpeech({ model, web, toMove: [0], myTurn: 0 }, words)).toBe("Your turn, Black");
    expect(turnSpeech({ model, web, toMove: [0], myTurn: undefined }, words)).toBe("Black to move");
    expect(clockSpeech(model, web, log.now, words)).toMatch(/^Black \d+:\d\d, White \d+:\d\d$/);
  });
});
