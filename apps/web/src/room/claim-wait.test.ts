import { asMillis, type SeatView, type UserRef } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { claimOpensAt, formatWait } from "./claim-wait";

const user = (id: string): UserRef => ({ id, name: id }) as UserRef;
function human(
  seat: number,
  presence: { connected: boolean; goneAt: number | null; gone?: boolean },
): SeatView {
  return {
    kind: "human",
    seat,
    user: user(`u${seat}`),
    connected: presence.connected,
    offlineSince: presence.connected ? null : asMillis(1_000),
    goneAt: presence.goneAt === null ? null : asMillis(presence.goneAt),
    gone: presence.gone ?? false,
    eliminated: false,
  };
}

describe("the claim countdown runs to the server's pushed deadline", () => {
  it("is the earliest deadline of an offline opponent", () => {
    const seats = [
      human(0, { connected: true, goneAt: null }),
      human(1, { connected: false, goneAt: 50_000 }),
      human(2, { connected: false, goneAt: 41_000 }),
    ];
    expect(claimOpensAt(seats, [0])).toBe(41_000);
  });

  it("ignores the viewer's own seats and connected opponents", () => {
    const seats = [
      human(0, { connected: false, goneAt: 9_000 }),
      human(1, { connected: true, goneAt: null }),
    ];
    expect(claimOpensAt(seats, [0])).toBeNull();
  });

  it("stops once an opponent is gone (the claim button takes over)", () => {
    const seats = [
      human(0, { connected: true, goneAt: null }),
      human(1, { connected: false, goneAt: 9_000, gone: true }),
    ];
    expect(claimOpensAt(seats, [0])).toBeNull();
  });

  it("words the wait in whole seconds, rounded up, never below zero", () => {
    expect(formatWait(22_001)).toBe("0:23");
    expect(formatWait(65_000)).toBe("1:05");
    expect(formatWait(-5)).toBe("0:00");
  });
});
