import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH, isSearching, searchQuery } from "./game-search-model";

describe("the profile's game search", () => {
  it("sends only the fields filled in, with the page", () => {
    expect(searchQuery(EMPTY_SEARCH, 1)).toBe("page=1");
    expect(isSearching(EMPTY_SEARCH)).toBe(false);
    const form = { ...EMPTY_SEARCH, gameId: "othello", outcome: "win", opponent: "  Bob " };
    expect(Object.fromEntries(new URLSearchParams(searchQuery(form, 2)))).toEqual({
      page: "2",
      gameId: "othello",
      outcome: "win",
      opponent: "Bob",
    });
    expect(isSearching(form)).toBe(true);
  });

  it("turns a date range into the viewer's whole days, both ends included", () => {
    const query = new URLSearchParams(
      searchQuery({ ...EMPTY_SEARCH, from: "2026-11-01", to: "2026-11-27" }, 1),
    );
    expect(Number(query.get("from"))).toBe(new Date(2026, 10, 1).getTime());
    expect(Number(query.get("to"))).toBe(new Date(2026, 10, 28).getTime() - 1);
    // Anything but a whole date is left out (the browser's date input gives nothing else).
    expect(searchQuery({ ...EMPTY_SEARCH, from: "yesterday" }, 1)).toBe("page=1");
  });
});
