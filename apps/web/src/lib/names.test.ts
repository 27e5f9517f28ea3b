import type { UserRef } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { defaultGuestId, labelOf, labelText, nameTags, plainText } from "./names";

const user = (id: string, name: string) => ({ id, name }) as UserRef;

describe("name tags (issue 20, finding 7: two guests may share a name)", () => {
  it("tag only the users whose name another user in view has, with the end of their id", () => {
    const a = user("u_aaaaaa3fa", "Guest");
    const b = user("u_bbbbbb9c1", "Guest");
    const c = user("u_cccccc777", "Carol");
    const tags = nameTags([a, b, c, a]);
    expect(tags).toEqual(
      new Map([
        [a.id, "3fa"],
        [b.id, "9c1"],
      ]),
    );
    expect(labelText(labelOf(a, tags))).toBe("Guest · 3fa");
    expect(labelText(labelOf(c, tags))).toBe("Carol");
  });

  it("grow a tag until it tells every user of the name apart", () => {
    const tags = nameTags([user("u_x1abc", "W"), user("u_y2abc", "W"), user("u_z2abc", "W")]);
    // "abc" and "2abc" are shared; five characters tell all three apart, and every tag of the name has them.
    expect([...tags.values()]).toEqual(["x1abc", "y2abc", "z2abc"]);
  });

  it("never tag the same user twice, however often they appear", () => {
    expect(nameTags([user("u_same", "Ann"), user("u_same", "Ann")]).size).toBe(0);
  });

  it("flatten rich text for titles and exports", () => {
    expect(plainText([{ name: "Ann", tag: "3fa" }, " (Black) wins"])).toBe("Ann · 3fa (Black) wins");
  });
});

describe("account marks (issue 26)", () => {
  it("marks a registered account's label, and not a guest's or a record's without the mark", () => {
    const tags = new Map<string, string>();
    expect(labelOf({ ...user("u_acc", "Alice"), account: true }, tags)).toEqual({
      name: "Alice",
      tag: null,
      account: true,
    });
    expect(labelOf(user("u_gst", "Alice"), tags).account).toBeUndefined();
  });
});

describe("defaultGuestId", () => {
  it("finds a guest's default name, which pages word in their language; never an account's or a chosen name", () => {
    expect(defaultGuestId({ name: "Guest 3fA9_", tag: null })).toBe("3fA9_");
    expect(defaultGuestId({ name: "Guest 3fA9_", tag: null, account: true })).toBeNull();
    expect(defaultGuestId({ name: "Guest of honour", tag: null })).toBeNull();
    expect(defaultGuestId({ name: "Ann", tag: null })).toBeNull();
  });
});
