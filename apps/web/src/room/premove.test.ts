import { describe, expect, it } from "vitest";
import { clickPremove, resolvePremove } from "./premove";

describe("clickPremove", () => {
  it("queues one move, and a second square replaces it", () => {
    expect(clickPremove<number>(null, 19)).toBe(19);
    expect(clickPremove<number>(19, 26)).toBe(26);
  });

  it("cancels on the queued square again and on a click elsewhere", () => {
    expect(clickPremove<number>(19, 19)).toBeNull();
    expect(clickPremove<number>(19, null)).toBeNull();
    expect(clickPremove<number>(null, null)).toBeNull();
  });
});

describe("resolvePremove", () => {
  it("sends the queued move when the engine lists it on the viewer's turn", () => {
    expect(resolvePremove(3, [0, 3, 5])).toEqual({ kind: "send", move: 3 });
  });

  it("drops it when it is no longer legal (the square taken, the column full)", () => {
    expect(resolvePremove(3, [0, 5])).toEqual({ kind: "drop", move: 3 });
    expect(resolvePremove(3, [])).toEqual({ kind: "drop", move: 3 });
  });
});
