import { describe, expect, it } from "vitest";
import { wordsIn } from "../test-support/words";
import { richList, richMessage } from "./words";

const ann = { name: "Ann", tag: null };
const bob = { name: "Bob", tag: "3fa" };

describe("messages with names in them", () => {
  it("keep each name a part of its own, wherever the language puts it", () => {
    expect(richMessage(wordsIn("en", "result"), "resigned", { players: [ann] }, { count: 1 })).toEqual([
      ann,
      " resigned",
    ]);
    expect(richMessage(wordsIn("ru", "result"), "wins", { players: [ann] }, { count: 1 })).toEqual([
      "Побеждает ",
      ann,
    ]);
    expect(richMessage(wordsIn("ja", "result"), "wins", { players: [ann] })).toEqual([ann, "の勝ち"]);
  });

  it("list several names as each language lists them", () => {
    expect(richList("en", [[ann], [bob]])).toEqual([ann, " and ", bob]);
    expect(richList("ru", [[ann], [bob]])).toEqual([ann, " и ", bob]);
    expect(richList("ja", [[ann], [bob]])).toEqual([ann, "、", bob]);
    expect(richList("en", [[ann]])).toEqual([ann]);
    expect(richList("en", [])).toEqual([]);
  });
});
