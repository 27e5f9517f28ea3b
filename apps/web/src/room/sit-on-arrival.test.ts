import { describe, expect, it } from "vitest";
import type { RoomView } from "./room-view";
import { seatToTake } from "./sit-on-arrival";
import { sitRequest } from "./sit-request";

/** A room as `seatToTake` reads it: its status, seats and the viewer's own. */
function room(status: string, slots: readonly object[], mine: readonly number[] = []): RoomView {
  return { model: { status, slots }, mine } as unknown as RoomView;
}

const me = "u-me";

describe('Join in one click (docs/web.md, "My games")', () => {
  it("reads the request from the address", () => {
    expect(sitRequest("open")).toBe("open");
    expect(sitRequest("1")).toBe(1);
    expect(sitRequest(["open"])).toBeNull();
    expect(sitRequest("x")).toBeNull();
    expect(sitRequest(undefined)).toBeNull();
  });

  it("takes the first open seat, or the seat kept for the viewer", () => {
    const slots = [{ kind: "human", user: { id: "u-host" } }, { kind: "ai", level: 1 }, { kind: "open" }];
    expect(seatToTake(room("waiting", slots), "open", me)).toBe(2);
    const invited = [
      { kind: "human", user: { id: "u-host" } },
      { kind: "invite", invitee: { id: me } },
    ];
    expect(seatToTake(room("waiting", invited), 1, me)).toBe(1);
    expect(seatToTake(room("waiting", invited), "open", me)).toBeNull();
  });

  it("finds nothing when the seat went to someone else, the game started, or the viewer already sits", () => {
    const taken = [
      { kind: "human", user: { id: "u-host" } },
      { kind: "human", user: { id: "u-other" } },
    ];
    expect(seatToTake(room("waiting", taken), "open", me)).toBeNull();
    expect(seatToTake(room("live", taken), 1, me)).toBeNull();
    const someoneElses = [{ kind: "open" }, { kind: "invite", invitee: { id: "u-other" } }];
    expect(seatToTake(room("waiting", someoneElses), 1, me)).toBeNull();
    expect(seatToTake(room("waiting", [{ kind: "open" }, { kind: "open" }], [0]), "open", me)).toBeNull();
  });
});
