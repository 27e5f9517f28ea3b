import { NOBODY_CONNECTED, snapshotOf } from "@arena/match";
import { asMillis, type Snapshot } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { ANN, BEN, MatchLog } from "../test-support/match-log";
import {
  EMPTY_FEED,
  type Feed,
  beginSync,
  endSync,
  receiveEvent,
  receivePresence,
  receiveSnapshot,
  receiveSync,
} from "./match-feed";

/** The feed's model as the server would send it: equal snapshots mean equal models. */
function shown(feed: Feed, log: MatchLog): Snapshot {
  if (feed.followed === null) throw new Error("not following");
  return snapshotOf(feed.followed.model, {
    presence: () => ({ ...NOBODY_CONNECTED, connected: true }),
    viewers: 1,
    now: log.now,
  });
}

function following(log: MatchLog): Feed {
  const step = receiveSnapshot(EMPTY_FEED, log.snapshot());
  expect(step.error).toBeNull();
  return step.feed;
}

describe("a followed match folds events as the server does", () => {
  it("restores a vacated invite-only seat as invite-only (not open)", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "invite" }]);
    let feed = following(log);
    for (const event of [
      log.add({ type: "seat-joined", seat: 1, user: BEN }),
      log.add({ type: "seat-left", seat: 1 }),
    ]) {
      const step = receiveEvent(feed, event);
      expect(step.applied).toEqual([event]);
      feed = step.feed;
    }
    expect(feed.followed?.model.slots[1]).toEqual({ kind: "invite" });
    expect(shown(feed, log)).toEqual(log.snapshot());
  });

  it("restores an invite-only seat the host's computer is sent away from", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "invite" }]);
    let feed = following(log);
    feed = receiveEvent(feed, log.add({ type: "ai-set", seat: 1, level: 2 })).feed;
    feed = receiveEvent(feed, log.add({ type: "ai-kicked", seat: 1 })).feed;
    expect(feed.followed?.model.slots[1]).toEqual({ kind: "invite" });
  });

  it("keeps draw offers sorted by seat", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    log.add({ type: "seat-joined", seat: 0, user: ANN });
    log.add({ type: "seat-joined", seat: 1, user: BEN });
    log.start();
    let feed = following(log);
    feed = receiveEvent(feed, log.add({ type: "draw-offered", seat: 1 })).feed;
    feed = receiveEvent(feed, log.add({ type: "draw-offered", seat: 0 })).feed;
    expect(feed.followed?.model.drawOffers).toEqual([0, 1]);
    expect(shown(feed, log)).toEqual(log.snapshot());
  });

  it("follows a whole game move by move to the model the server folds", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    log.add({ type: "seat-joined", seat: 0, user: ANN });
    let feed = following(log);
    const follow = (entry: ReturnType<MatchLog["add"]>) => {
      feed = receiveEvent(feed, entry).feed;
      expect(shown(feed, log)).toEqual(log.snapshot());
    };
    follow(log.add({ type: "seat-joined", seat: 1, user: BEN }));
    follow(log.start());
    for (const move of ["f5", "d6", "c3", "d3", "c4", "f4"]) follow(log.move(move));
    expect(feed.followed?.model.moves.length).toBe(6);
  });
});

describe("versions", () => {
  it("ignores stale events and asks for a resync on a gap", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    const joined = log.add({ type: "seat-joined", seat: 0, user: ANN });
    const feed = following(log);
    expect(receiveEvent(feed, joined)).toMatchObject({ feed, applied: [], resync: false });
    log.add({ type: "seat-joined", seat: 1, user: BEN });
    const ahead = log.start();
    expect(receiveEvent(feed, ahead)).toMatchObject({ feed, resync: true });
  });

  it("holds events that come during a resync and folds them when it ends", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    const old = following(log);
    const joined = log.add({ type: "seat-joined", seat: 0, user: ANN });
    const syncing = beginSync(old);
    const held = receiveEvent(syncing, joined);
    expect(held.feed.pending).toEqual([joined]);
    expect(held.applied).toEqual([]);
    // The resync answers with a snapshot taken after that event, and one more comes meanwhile.
    const second = log.add({ type: "seat-joined", seat: 1, user: BEN });
    const answered = receiveSnapshot(receiveEvent(held.feed, second).feed, log.snapshot());
    expect(answered.feed.pending).toHaveLength(2);
    const ended = endSync(answered.feed);
    expect(ended.resync).toBe(false);
    expect(ended.feed.pending).toEqual([]);
    expect(ended.feed.syncing).toBe(false);
    expect(shown(ended.feed, log)).toEqual(log.snapshot());
  });

  it("queues events that arrive before the first snapshot", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    const snapshot = log.snapshot();
    const early = log.add({ type: "seat-joined", seat: 0, user: ANN });
    const queued = receiveEvent(EMPTY_FEED, early).feed;
    expect(queued.pending).toEqual([early]);
    const step = receiveSnapshot(queued, snapshot);
    expect(step.feed.followed?.model.version).toBe(2);
  });

  it("folds a sync's events and reports a gap in them", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    const feed = following(log);
    const a = log.add({ type: "seat-joined", seat: 0, user: ANN });
    const b = log.add({ type: "seat-joined", seat: 1, user: BEN });
    expect(receiveSync(feed, [a, b]).gap).toBe(false);
    expect(receiveSync(feed, [b]).gap).toBe(true);
    expect(receiveSync(EMPTY_FEED, [a]).gap).toBe(true);
  });

  it("keeps the invite secret the server sends the host", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "invite" }]);
    const secret = "inv_secret" as Snapshot["inviteToken"];
    const host = receiveSnapshot(EMPTY_FEED, { ...log.snapshot(), inviteToken: secret }).feed;
    expect(host.invite).toBe(secret);
    expect(receiveSnapshot(host, log.snapshot()).feed.invite).toBe(secret);
  });

  it("cannot follow a game this build does not know", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    const step = receiveSnapshot(EMPTY_FEED, { ...log.snapshot(), gameId: "no-such-game" });
    expect(step.error).toContain("no-such-game");
    expect(step.feed.followed).toBeNull();
  });
});

describe("presence", () => {
  it("applies updates for this match only", () => {
    const log = new MatchLog("othello", [{ kind: "open" }, { kind: "open" }]);
    log.add({ type: "seat-joined", seat: 0, user: ANN });
    const feed = following(log);
    const update = {
      matchId: log.model().matchId,
      viewers: 3,
      seats: [{ seat: 0, connected: false, offlineSince: asMillis(5), goneAt: asMillis(10_005), gone: true }],
    };
    const next = receivePresence(feed, update);
    expect(next.followed?.presence[0]).toEqual({
      connected: false,
      offlineSince: 5,
      goneAt: 10_005,
      gone: true,
    });
    expect(next.followed?.viewers).toBe(3);
    expect(receivePresence(feed, { ...update, matchId: "m_other" as typeof update.matchId })).toBe(feed);
  });
});
