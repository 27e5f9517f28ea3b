import type { Notification } from "@arena/protocol";
import { NOTIFICATION_KINDS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { catalogue, leaves } from "../i18n/catalogue";
import {
  NOTIFICATION_TEXT,
  markedRead,
  merged,
  notificationHref,
  notifiesBrowser,
  SavedNotifications,
  unreadBesidesLive,
  unreadCount,
  unreadIds,
} from "./saved";

const note = (id: string, createdAt: number, extra: Partial<Notification> = {}): Notification => ({
  id,
  kind: "your-turn",
  createdAt,
  read: false,
  ...extra,
});

describe("the saved notifications", () => {
  it("merge newest first, one per id, keeping what was read here read", () => {
    const list = merged([], [note("a", 1), note("b", 3, { read: true }), note("c", 2)]);
    expect(list.map((n) => n.id)).toEqual(["b", "c", "a"]);
    const again = merged(markedRead(list, ["a"]), [note("a", 1), note("d", 4)]);
    expect(again.map((n) => [n.id, n.read])).toEqual([
      ["d", false],
      ["b", true],
      ["c", false],
      ["a", true],
    ]);
  });

  it("count and mark the unread, some or all", () => {
    const list = [note("a", 1), note("b", 2), note("c", 3, { read: true })];
    expect(unreadCount(list)).toBe(2);
    expect(unreadIds(list)).toEqual(["a", "b"]);
    expect(unreadCount(markedRead(list, ["b"]))).toBe(1);
    expect(unreadCount(markedRead(list))).toBe(0);
  });

  it("add to the bell only the unread kinds it does not already show live", () => {
    const list = [
      note("turn", 1),
      note("invite", 2, { kind: "invitation" }),
      note("cup", 3, { kind: "tournament-invitation" }),
      note("alarm", 4, { kind: "time-running-out" }),
      note("over", 5, { kind: "game-over", read: true }),
      note("draw", 6, { kind: "draw-offer" }),
    ];
    expect(unreadBesidesLive(list)).toBe(2);
  });

  it("link to the match, else the tournament, else nowhere", () => {
    expect(notificationHref(note("a", 1, { matchId: "m 1" as Notification["matchId"] }))).toBe("/play/m%201");
    expect(notificationHref(note("b", 1, { kind: "tournament-invitation", tournamentId: "t1" }))).toBe(
      "/tournaments/t1",
    );
    expect(notificationHref(note("c", 1))).toBeNull();
  });

  it("raise a browser notification for every kind but your turn (the turn signals raise that)", () => {
    expect(notifiesBrowser(note("a", 1))).toBe(false);
    for (const kind of ["time-running-out", "game-over", "invitation", "draw-offer"] as const) {
      expect(notifiesBrowser(note("b", 1, { kind }))).toBe(true);
    }
  });

  it("hold the tab's list: loaded, with arrivals kept across a reload, read, cleared", () => {
    const saved = new SavedNotifications();
    let heard = 0;
    saved.subscribe(() => heard++);
    saved.arrived(note("live", 5));
    saved.loaded([note("a", 1), note("b", 2)]);
    expect(saved.current.map((n) => n.id)).toEqual(["live", "b", "a"]);
    saved.read(["b"]);
    expect(unreadIds(saved.current)).toEqual(["live", "a"]);
    saved.clear();
    expect(saved.current).toEqual([]);
    expect(heard).toBe(4);
  });
});

describe("each notification kind", () => {
  it("has its line and its switch's name in the catalogue", () => {
    const keys = leaves(catalogue("en"));
    for (const kind of NOTIFICATION_KINDS) {
      expect(keys.has(`notifications.${NOTIFICATION_TEXT[kind]}`), kind).toBe(true);
      expect(keys.has(`notifications.kinds.${kind}`), kind).toBe(true);
    }
  });
});
