import { describe, expect, it } from "vitest";
import { Presence } from "./presence.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };
const T = 1_000_000;

describe("presence merged from every process's reports", () => {
  it("counts a seat connected while a socket follows it on any process", () => {
    const presence = new Presence(blitz, 1, T);
    expect(presence.connected(1)).toBe(false);
    presence.heard(
      "b",
      { seats: [{ seat: 1, connections: 1, offlineSince: null, deliberate: false }], viewers: 2 },
      T,
    );
    expect(presence.of(1, T + 1)).toEqual({ connected: true, offlineSince: null, goneAt: null, gone: false });
    expect(presence.viewers).toBe(2);
    presence.addViewer();
    expect(presence.viewers).toBe(3);
    // This process saw no socket of the seat: it reports nothing of it.
    expect(presence.localReport()).toEqual({ seats: [], viewers: 1 });
  });

  it("counts the timeout from the latest disconnect anywhere, deliberate or not as it was there", () => {
    const presence = new Presence(blitz, 1, T);
    presence.connect(0, T);
    presence.disconnect(0, T + 1_000, false);
    presence.heard(
      "b",
      { seats: [{ seat: 0, connections: 0, offlineSince: T + 5_000, deliberate: true }], viewers: 0 },
      T,
    );
    // Left on purpose on b, later than the drop here: gone ten seconds after that.
    expect(presence.goneAt(0, T + 6_000)).toBe(T + 15_000);
    expect(presence.isGone(0, T + 14_999)).toBe(false);
    expect(presence.isGone(0, T + 15_000)).toBe(true);
  });

  it("falls back on when this process loaded the room when nobody ever saw the player", () => {
    const presence = new Presence(blitz, 1, T);
    expect(presence.offlineSince(1, T + 500)).toBe(T + 500);
    expect(presence.goneAt(1, T + 600)).toBe(T + 500 + 40_000);
  });

  it("takes a process not heard of since a time to be gone: its players offline since it was last heard of", () => {
    const presence = new Presence(blitz, 1, T);
    presence.heard(
      "b",
      { seats: [{ seat: 1, connections: 2, offlineSince: null, deliberate: false }], viewers: 3 },
      T + 100,
    );
    expect(presence.expire(T + 100)).toBe(false);
    expect(presence.expire(T + 101)).toBe(true);
    expect(presence.of(1, T + 200)).toEqual({
      connected: false,
      offlineSince: T + 100,
      goneAt: T + 100 + 40_000,
      gone: false,
    });
    expect(presence.viewers).toBe(0);
    expect(presence.expire(T + 500)).toBe(false);
  });

  it("reports a seat this process saw, and whether anything follows the match here", () => {
    const presence = new Presence(blitz, 1, T);
    expect(presence.followedHere).toBe(false);
    presence.connect(0, T);
    expect(presence.followedHere).toBe(true);
    expect(presence.localReport()).toEqual({
      seats: [{ seat: 0, connections: 1, offlineSince: null, deliberate: false }],
      viewers: 0,
    });
    presence.disconnect(0, T + 10, true);
    expect(presence.followedHere).toBe(false);
    expect(presence.localReport().seats).toEqual([
      { seat: 0, connections: 0, offlineSince: T + 10, deliberate: true },
    ]);
  });
});
