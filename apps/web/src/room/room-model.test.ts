import type { MatchResult } from "@arena/protocol";
import { follow } from "@arena/match";
import { describe, expect, it } from "vitest";
import { ANN, BEN, MatchLog } from "../test-support/match-log";
import { plainText } from "../lib/names";
import type { DiceOfDoomState } from "@arena/engine/games/dice-of-doom/index";
import { type ResultText, deciderOf, resultText } from "./room-model";
import { roomView } from "./room-view";
import { roomWords } from "../test-support/words";

const SEAT_WORDS = roomWords("en", "othello").seats;

/** Ann (seat 0) against the computer at level 3, two moves in, then the result. */
function ended(gameId: "othello" | "connect-k" | "dice-of-doom", result: MatchResult, moves: string[]) {
  const log = new MatchLog(gameId, [{ kind: "open" }, { kind: "ai", level: 3 }]);
  log.add({ type: "seat-joined", seat: 0, user: ANN });
  log.start();
  for (const move of moves) log.move(move);
  log.add({ type: "ended", result, clock: null });
  const followed = follow(log.snapshot());
  if (!followed.ok) throw new Error(followed.message);
  return roomView(followed.followed, ANN.id, SEAT_WORDS);
}

/** The banner as the page reads it. */
const plain = (text: ResultText | null) =>
  text === null ? null : { headline: plainText(text.headline), detail: plainText(text.detail) };

describe("resultText", () => {
  it("names the winner, the loser and the reason; scores only where the rules decided", () => {
    // A resignation or a timeout is worded by the act, never with the forfeit's 0–64 beside a 6–6 board.
    const view = ended("othello", { reason: "resign", winners: [1], scores: [0, 64] }, ["f5", "d6"]);
    expect(plain(resultText(view.model, view.seats, view.web, roomWords("en", view.model.gameId)))).toEqual({
      headline: "Computer (level 3) (White) wins",
      detail: "Ann (Black) resigned",
    });
    const timeout = ended("othello", { reason: "timeout", winners: [0], scores: [64, 0] }, []);
    expect(
      plain(resultText(timeout.model, timeout.seats, timeout.web, roomWords("en", timeout.model.gameId)))
        ?.detail,
    ).toBe("Computer (level 3) (White) ran out of time");
    const agreed = ended("othello", { reason: "draw-agreed", winners: [0, 1], scores: [0, 0] }, ["f5"]);
    expect(plain(resultText(agreed.model, agreed.seats, agreed.web, roomWords("en", "othello")))).toEqual({
      headline: "Draw",
      detail: "draw agreed",
    });
    const draw = ended("othello", { reason: "normal", winners: [0, 1], scores: [32, 32] }, []);
    expect(plain(resultText(draw.model, draw.seats, draw.web, roomWords("en", draw.model.gameId)))).toEqual({
      headline: "Draw",
      detail: "by score · 32–32",
    });
  });

  it("reads a win by the rules in the game's words", () => {
    const line = ended("connect-k", { reason: "normal", winners: [0], scores: [1, 0] }, ["4", "4"]);
    expect(plain(resultText(line.model, line.seats, line.web, roomWords("en", line.model.gameId)))).toEqual({
      headline: "Ann (Red) wins",
      detail: "with a line",
    });
  });

  it("says why a room was cancelled", () => {
    const cancelled = (reason: "host" | "expired") => {
      const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
      log.add({ type: "cancelled", reason });
      const followed = follow(log.snapshot());
      if (!followed.ok) throw new Error(followed.message);
      const view = roomView(followed.followed, ANN.id, SEAT_WORDS);
      return plain(resultText(view.model, view.seats, view.web, roomWords("en", view.model.gameId)));
    };
    expect(cancelled("expired")).toEqual({
      headline: "Room cancelled",
      detail: "Its host was away too long, so it expired.",
    });
    expect(cancelled("host")?.detail).toBe("Its host cancelled it before the game began.");
  });

  it("words the banner in Russian and Japanese, with real plural forms and the game's own terms", () => {
    const view = ended("othello", { reason: "resign", winners: [1], scores: [0, 64] }, ["f5", "d6"]);
    const banner = (locale: "ru" | "ja") =>
      plain(resultText(view.model, view.seats, view.web, roomWords(locale, "othello")));
    expect(banner("ru")).toEqual({
      headline: "Побеждает Компьютер (уровень 3) (Белые)",
      detail: "Ann (Чёрные) сдаётся",
    });
    expect(banner("ja")).toEqual({
      headline: "コンピューター（レベル 3）（白）の勝ち",
      detail: "Ann（黒）が投了",
    });
    const line = ended("connect-k", { reason: "normal", winners: [0], scores: [1, 0] }, ["4", "4"]);
    expect(plain(resultText(line.model, line.seats, line.web, roomWords("ru", "connect-k")))).toEqual({
      headline: "Побеждает Ann (Красные)",
      detail: "собрав линию",
    });
  });

  it("says an aborted game has no result", () => {
    const aborted = ended("othello", { reason: "abort", winners: [], scores: [] }, []);
    expect(
      plain(resultText(aborted.model, aborted.seats, aborted.web, roomWords("en", aborted.model.gameId)))
        ?.headline,
    ).toBe("Game aborted");
  });

  it("keeps every name apart from the words around it, tagged when two players share it", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    const twin = { ...BEN, name: ANN.name };
    log.add({ type: "seat-joined", seat: 0, user: ANN });
    log.add({ type: "seat-joined", seat: 1, user: twin });
    log.start();
    log.add({ type: "ended", result: { reason: "resign", winners: [1], scores: [0, 64] }, clock: null });
    const followed = follow(log.snapshot());
    if (!followed.ok) throw new Error(followed.message);
    const view = roomView(followed.followed, ANN.id, SEAT_WORDS);
    const text = resultText(view.model, view.seats, view.web, roomWords("en", "othello"), view.tags);
    expect(text?.headline).toEqual([{ name: ANN.name, tag: BEN.id.slice(-3) }, " (White)", " wins"]);
    expect(text?.detail[0]).toEqual({ name: ANN.name, tag: ANN.id.slice(-3) });
    expect(view.players).toEqual([`${ANN.name} · ${ANN.id.slice(-3)}`, `${ANN.name} · ${BEN.id.slice(-3)}`]);
  });
});

describe("deciderOf", () => {
  const dice = ended("dice-of-doom", { reason: "normal", winners: [0], scores: [8, 1, 7] }, []);
  const state = dice.model.state as DiceOfDoomState;
  const owned = (owners: readonly number[]): DiceOfDoomState => ({
    ...state,
    owner: state.owner.map((_, hex) => owners[hex % owners.length] ?? -1),
  });

  it("words Dice of Doom by what decided it: conquest, or the most hexes when no attack was left", () => {
    const result: MatchResult = { reason: "normal", winners: [0], scores: [8, 1, 7] };
    expect(deciderOf(result, owned([0, 1, 2]), dice.web, false)).toEqual({
      kind: "rules",
      how: "result.byHexes",
      scores: [8, 1, 7],
    });
    expect(deciderOf(result, owned([0, -1]), dice.web, false)).toMatchObject({ how: "result.byConquest" });
    const words = roomWords("en", "dice-of-doom");
    const seats = dice.seats;
    const model = { ...dice.model, state: owned([0, 1, 2]) };
    expect(plain(resultText(model, seats, dice.web, words))?.detail).toBe(
      "with the most hexes (no attack left) · 8–1–7",
    );
  });

  it("carries no score for an act: resignation, timeout, abandonment, agreed draw", () => {
    for (const reason of ["resign", "timeout", "abandon", "draw-agreed"] as const) {
      expect(deciderOf({ reason, winners: [1], scores: [0, 64] }, null, dice.web, false)).toEqual({
        kind: "act",
        reason,
      });
    }
  });
});

describe("roomView", () => {
  it("finds the viewer's seats and whose turn it is", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    log.add({ type: "seat-joined", seat: 0, user: ANN });
    log.add({ type: "seat-joined", seat: 1, user: BEN });
    log.start();
    const followed = follow(log.snapshot());
    if (!followed.ok) throw new Error(followed.message);
    const ann = roomView(followed.followed, ANN.id, SEAT_WORDS);
    expect(ann).toMatchObject({ mine: [0], toMove: [0], myTurn: 0, live: true, players: ["Ann", "Ben"] });
    const ben = roomView(followed.followed, BEN.id, SEAT_WORDS);
    expect(ben).toMatchObject({ mine: [1], myTurn: undefined });
    expect(roomView(followed.followed, undefined, SEAT_WORDS).mine).toEqual([]);
  });
});
