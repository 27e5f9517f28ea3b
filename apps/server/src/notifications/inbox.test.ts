import { getGame } from "@arena/engine";
import { createClock, evolve, fold, type MatchModel, step } from "@arena/match";
import {
  asMatchId,
  asMillis,
  asUserId,
  asVersion,
  DAY_MS,
  type MatchEvent,
  type Notification,
  type TimeControl,
  type UserId,
} from "@arena/protocol";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { MemoryNotificationStore } from "../store/memory/notifications.js";
import { Inbox } from "./inbox.js";
import { matchNews, timeRunningOut } from "./match-news.js";

const ada = { id: asUserId("u_ada"), name: "Ada" };
const bob = { id: asUserId("u_bob"), name: "Bob" };
const twoDays: TimeControl = { daysPerMove: 2 };
const blitz: TimeControl = { baseMs: 180_000, incrementMs: 2_000 };

/** An Othello match between Ada (black) and Bob, as its log folds, one event at a time. */
class Match {
  private readonly game = getGame("othello");
  private state;
  model: MatchModel;

  constructor(
    private readonly clock: FakeClock,
    timeControl: TimeControl,
  ) {
    const options = this.game.parseOptions({});
    if (!options.ok) throw new Error("options");
    this.state = this.game.initial(options.value, 0);
    this.model = fold(asMatchId("m_corr01"), [
      this.entry(1, {
        type: "created",
        gameId: "othello",
        options: {},
        timeControl,
        seats: [{ kind: "open" }, { kind: "open" }],
        rated: false,
        visibility: "public",
        host: ada,
      }),
    ]);
    this.apply({ type: "seat-joined", seat: 0, user: ada });
    this.apply({ type: "seat-joined", seat: 1, user: bob });
  }

  /** Applies the event and answers the model before it and after it. */
  apply(event: MatchEvent): [MatchModel, MatchModel] {
    const before = this.model;
    this.model = evolve(before, this.entry(before.version + 1, event));
    return [before, this.model];
  }

  start(): [MatchModel, MatchModel] {
    const clock = createClock(this.model.timeControl, 2, 0, this.clock.now());
    return this.apply({ type: "started", state: this.game.serialize(this.state), clock });
  }

  move(): [MatchModel, MatchModel] {
    const seat = this.game.toMove(this.state)[0] ?? 0;
    const move = this.game.legalMoves(this.state)[0];
    if (move === undefined || this.model.clock === null) throw new Error("no move");
    const formatted = this.game.formatMove(this.state, move);
    this.state = this.game.apply(this.state, move);
    const next = this.game.toMove(this.state)[0] ?? null;
    const clock = step(this.model.clock, { now: this.clock.now() }, next).clock;
    return this.apply({ type: "moved", seat, move: formatted, forced: false, clock });
  }

  private entry(version: number, event: MatchEvent) {
    return { version: asVersion(version), at: asMillis(this.clock.now()), event };
  }
}

function inbox(clock: FakeClock) {
  const store = new MemoryNotificationStore();
  const pushed: [UserId, Notification][] = [];
  const heard: string[] = [];
  const box = new Inbox({
    store,
    now: () => clock.now(),
    logger: pino({ level: "silent" }),
    push: (userId, notification) => pushed.push([userId, notification]),
  });
  box.onNotification((_user, notification) => heard.push(notification.id));
  return { box, store, pushed, heard };
}

describe('notifications of a match (docs/protocol.md, "Notifications")', () => {
  it("tells each player of their turn in a correspondence game, and nobody in a real-time one", () => {
    const clock = new FakeClock(1_000_000);
    const match = new Match(clock, twoDays);
    expect(matchNews(...match.start()).map((n) => [n.userId, n.notification.kind])).toEqual([
      [ada.id, "your-turn"],
    ]);
    clock.advance(60_000);
    const [news] = [matchNews(...match.move())];
    expect(news).toEqual([
      {
        userId: bob.id,
        notification: {
          id: `your-turn:m_corr01:${match.model.version}`,
          kind: "your-turn",
          matchId: "m_corr01",
          gameId: "othello",
          createdAt: clock.now(),
          read: false,
          from: ada,
        },
      },
    ]);

    const realtime = new Match(new FakeClock(1_000_000), blitz);
    expect(matchNews(...realtime.start())).toEqual([]);
    expect(matchNews(...realtime.move())).toEqual([]);
  });

  it("tells the others of a draw offer and a takeback request, and both players of the end", () => {
    const clock = new FakeClock(1_000_000);
    const match = new Match(clock, twoDays);
    match.start();
    match.move();
    expect(matchNews(...match.apply({ type: "draw-offered", seat: 1 }))).toEqual([
      expect.objectContaining({
        userId: ada.id,
        notification: expect.objectContaining({ kind: "draw-offer", from: bob }),
      }),
    ]);
    expect(matchNews(...match.apply({ type: "takeback-asked", seat: 0 }))).toEqual([
      expect.objectContaining({
        userId: bob.id,
        notification: expect.objectContaining({ kind: "takeback-request", from: ada }),
      }),
    ]);
    const ended = matchNews(
      ...match.apply({
        type: "ended",
        result: { reason: "resign", winners: [0], scores: [64, 0] },
        clock: null,
      }),
    );
    expect(ended.map((n) => [n.userId, n.notification.id])).toEqual([
      [ada.id, "game-over:m_corr01"],
      [bob.id, "game-over:m_corr01"],
    ]);
  });

  it("rings the alarm when 80% of the period is used, only while the seat still has to move", () => {
    const clock = new FakeClock(1_000_000);
    const match = new Match(clock, twoDays);
    match.start();
    const alarm = 1_000_000 + 2 * DAY_MS * 0.8;
    expect(timeRunningOut(match.model, alarm - 1)).toBeNull();
    expect(timeRunningOut(match.model, alarm)).toEqual({
      userId: ada.id,
      notification: {
        id: "time-running-out:m_corr01:0",
        kind: "time-running-out",
        matchId: "m_corr01",
        gameId: "othello",
        createdAt: alarm,
        read: false,
      },
    });
    clock.advance(DAY_MS);
    match.move();
    // Bob's turn began a day in: his alarm is 80% of his own period on.
    expect(timeRunningOut(match.model, alarm)).toBeNull();
    expect(timeRunningOut(match.model, clock.now() + 2 * DAY_MS * 0.8)?.userId).toBe(bob.id);
    expect(timeRunningOut(new Match(clock, blitz).model, clock.now() + DAY_MS)).toBeNull();
  });

  it("keeps, pushes and tells the listeners once per id, however often the change is replayed", async () => {
    const clock = new FakeClock(1_000_000);
    const { box, store, pushed, heard } = inbox(clock);
    const match = new Match(clock, twoDays);
    const started = match.start();
    clock.advance(1_000);
    const moved = match.move();
    for (const change of [started, moved, moved, started]) {
      for (const addressed of matchNews(...change)) await box.add(addressed);
    }
    clock.advance(2 * DAY_MS);
    box.alarmRang(match.model);
    box.alarmRang(match.model);
    // The alarm's notifications are kept in the background: let them land.
    await new Promise((resolve) => setImmediate(resolve));
    expect(pushed.map(([user, n]) => [user, n.kind])).toEqual([
      [ada.id, "your-turn"],
      [bob.id, "your-turn"],
      [bob.id, "time-running-out"],
    ]);
    expect(heard).toEqual(pushed.map(([, n]) => n.id));
    expect(await store.unread(bob.id)).toBe(2);
    expect((await box.list(bob.id, 50)).map((n) => n.kind)).toEqual(["time-running-out", "your-turn"]);
  });
});
