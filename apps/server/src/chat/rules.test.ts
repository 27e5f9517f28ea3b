import { createClock, fold, type MatchModel } from "@arena/match";
import { getGame } from "@arena/engine/registry";
import {
  asMatchId,
  asMillis,
  asVersion,
  type MatchEvent,
  type UserRef,
  type VersionedEvent,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { channelOf, readableChannels, refuseLine, refuseMute } from "./rules.js";

const ada = { id: "u_ada", name: "Ada" } as UserRef;
const bob = { id: "u_bob", name: "Bob" } as UserRef;
const sam = "u_sam";
const tc = { baseMs: 60_000, incrementMs: 0 };

function log(events: readonly MatchEvent[]): VersionedEvent[] {
  return events.map((event, i) => ({ version: asVersion(i + 1), at: asMillis(i), event }));
}

/** Ada (the host) at seat 0 against Bob, or an AI at seat 1; then whatever `more` says. */
function othello(opponent: "bob" | "ai", ...more: MatchEvent[]): MatchModel {
  const game = getGame("othello");
  const options = game.parseOptions({});
  if (!options.ok) throw new Error(options.error.message);
  const second = opponent === "ai" ? { kind: "ai" as const, level: 1 } : { kind: "open" as const };
  const state = game.serialize(game.initial(options.value, 1));
  return fold(
    asMatchId("m1"),
    log([
      {
        type: "created",
        gameId: "othello",
        options: options.value,
        timeControl: tc,
        seats: [{ kind: "open" }, second],
        rated: false,
        visibility: "public",
        host: ada,
      },
      { type: "seat-joined", seat: 0, user: ada },
      ...(opponent === "bob" ? [{ type: "seat-joined", seat: 1, user: bob } as const] : []),
      { type: "started", state, clock: createClock(tc, 2, 0, 0) },
      ...more,
    ]),
  );
}

const resigned: MatchEvent = {
  type: "ended",
  result: { reason: "resign", winners: [1], scores: [0, 64] },
  clock: null,
};

describe("chat rules (docs/protocol.md, Chat)", () => {
  it("puts seated users in the players' channel and everyone else in the spectators'", () => {
    const live = othello("bob");
    expect(channelOf(live, ada.id)).toBe("players");
    expect(channelOf(live, bob.id)).toBe("players");
    expect(channelOf(live, sam)).toBe("spectators");
    expect(readableChannels(live, ada.id)).toEqual(["players"]);
    expect(readableChannels(live, sam)).toEqual(["spectators"]);
  });

  it("opens both channels to everyone once the match is over", () => {
    const over = othello("bob", resigned);
    expect(readableChannels(over, ada.id)).toEqual(["players", "spectators"]);
    expect(readableChannels(over, sam)).toEqual(["players", "spectators"]);
    // Each side still writes in its own.
    expect(refuseLine(over, sam, "players")).toMatchObject({ code: "forbidden" });
    expect(refuseLine(over, ada.id, "players")).toBeNull();
  });

  it("refuses the other side's channel, and spectators while the host has closed theirs", () => {
    const live = othello("bob");
    expect(refuseLine(live, ada.id, "spectators")).toMatchObject({ code: "forbidden" });
    expect(refuseLine(live, sam, "players")).toMatchObject({ code: "forbidden" });
    expect(refuseLine(live, sam, "spectators")).toBeNull();
    const closed = othello("bob", { type: "spectator-chat", open: false });
    expect(refuseLine(closed, sam, "spectators")).toMatchObject({ code: "chat-closed" });
    expect(refuseLine(closed, bob.id, "players")).toBeNull();
  });

  it("lets a player mute another player, and nobody else", () => {
    const live = othello("bob");
    expect(refuseMute(live, bob.id, ada.id)).toBeNull();
    expect(refuseMute(live, sam, ada.id)).toMatchObject({ code: "not-your-seat" });
    expect(refuseMute(live, ada.id, ada.id)).toMatchObject({ code: "forbidden" });
    expect(refuseMute(live, ada.id, sam)).toMatchObject({ code: "not-found" });
    // An AI seat has no user: there is nobody to mute.
    expect(refuseMute(othello("ai"), ada.id, "ai")).toMatchObject({ code: "not-found" });
  });
});
