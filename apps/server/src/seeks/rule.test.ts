import { asUserId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { POOLS } from "./pools.js";
import { type Seek } from "../store/ports/seeks.js";
import { compatible, findPair, pairKey, RATING_RANGE, ratingRange, refuseSeek } from "./rule.js";

const clock = new FakeClock();
const [pool, otherPool] = POOLS;
let next = 0;

function seek(fields: Partial<Omit<Seek, "user">> & { user?: string } = {}): Seek {
  next++;
  const { user, ...rest } = fields;
  const id = user ?? `u${next}`;
  return {
    id: `s${next}`,
    poolId: pool?.id ?? "",
    user: { id: asUserId(id), name: id },
    socketId: `socket-${next}`,
    instance: "a",
    rated: false,
    bot: false,
    rating: 1500,
    since: clock.now(),
    ...rest,
  };
}

describe("the rated range", () => {
  it("starts at ±150, widens by 50 every 3 s of waiting, and stops at ±500", () => {
    const table = [0, 2_999, 3_000, 5_999, 6_000, 9_000, 20_999, 21_000, 60_000, 600_000].map((ms) => [
      ms,
      ratingRange(ms),
    ]);
    expect(table).toEqual([
      [0, 150],
      [2_999, 150],
      [3_000, 200],
      [5_999, 200],
      [6_000, 250],
      [9_000, 300],
      [20_999, 450],
      [21_000, 500],
      [60_000, 500],
      [600_000, 500],
    ]);
    expect(RATING_RANGE.maxPoints).toBe(500);
  });

  it("pairs two rated seekers 300 apart only once both have waited 9 s, the newer one deciding", () => {
    const start = clock.now();
    const low = seek({ rated: true, rating: 1400, since: start });
    const high = seek({ rated: true, rating: 1700, since: start + 5_000 });
    expect(compatible(low, high, start + 5_000)).toBe(false);
    // The older has waited long enough, the newer has not: both must accept.
    expect(compatible(low, high, start + 13_999)).toBe(false);
    expect(compatible(low, high, start + 14_000)).toBe(true);
    expect(findPair([low, high], start + 14_000)).toEqual([low, high]);
  });

  it("pairs rated seekers within ±150 at once, without any time passing", () => {
    const a = seek({ rated: true, rating: 1500 });
    const b = seek({ rated: true, rating: 1650 });
    const c = seek({ rated: true, rating: 1651 });
    expect(compatible(a, b, clock.now())).toBe(true);
    expect(compatible(a, c, clock.now())).toBe(false);
  });
});

describe("who is never paired", () => {
  it("a user with itself, even in two tabs", () => {
    const first = seek({ user: "same" });
    const second = seek({ user: "same" });
    expect(compatible(first, second, clock.now())).toBe(false);
    expect(findPair([first, second], clock.now())).toBeNull();
  });

  it("a rated seek with a casual one, whatever the ratings", () => {
    const rated = seek({ rated: true });
    const casual = seek({ rated: false });
    clock.advance(60_000);
    expect(compatible(rated, casual, clock.now())).toBe(false);
  });

  it("a bot in a rated pairing (its seek is refused, and the rule refuses it all the same)", () => {
    const human = seek({ rated: true });
    const bot = seek({ rated: true, bot: true });
    expect(compatible(human, bot, clock.now())).toBe(false);
    expect(refuseSeek(true, { bot: true })).toMatchObject({ code: "not-rated-eligible" });
    // A casual game with a bot is a casual game like any other.
    expect(compatible(seek(), seek({ bot: true }), clock.now())).toBe(true);
  });

  it("seekers of different time controls (different pools)", () => {
    expect(pool?.id).not.toBe(otherPool?.id);
    const a = seek();
    const b = seek({ poolId: otherPool?.id ?? "" });
    expect(compatible(a, b, clock.now())).toBe(false);
  });
});

describe("eligibility", () => {
  it("lets guests and accounts seek casual games, and only human accounts rated ones", () => {
    expect(refuseSeek(false, null)).toBeNull();
    expect(refuseSeek(false, { bot: true })).toBeNull();
    expect(refuseSeek(true, null)).toMatchObject({ code: "not-rated-eligible" });
    expect(refuseSeek(true, { bot: false })).toBeNull();
  });
});

describe("which pair is made", () => {
  it("the longest waiter first, with the longest-waiting seeker it accepts", () => {
    const start = clock.now();
    const oldest = seek({ rated: true, rating: 1000, since: start });
    const middle = seek({ rated: true, rating: 1900, since: start + 1 });
    const newer = seek({ rated: true, rating: 1950, since: start + 2 });
    const newest = seek({ rated: true, rating: 1100, since: start + 3 });
    // The oldest accepts only the newest; the middle two would also suit each other.
    expect(findPair([newest, middle, newer, oldest], start + 3)).toEqual([oldest, newest]);
    expect(findPair([middle, newer], start + 3)).toEqual([middle, newer]);
    expect(findPair([oldest], start + 3)).toBeNull();
  });

  it("passes over the pairs kept apart (a block), whichever seek is named first", () => {
    const start = clock.now();
    const [ada, bob, cy] = [0, 1, 2].map((i) => seek({ since: start + i })) as [Seek, Seek, Seek];
    expect(findPair([ada, bob, cy], start + 3, new Set([pairKey(bob, ada)]))).toEqual([ada, cy]);
    const apart = new Set([pairKey(ada, bob), pairKey(cy, ada), pairKey(bob, cy)]);
    expect(findPair([ada, bob, cy], start + 3, apart)).toBeNull();
  });
});
