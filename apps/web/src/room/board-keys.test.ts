import { describe, expect, it } from "vitest";
import { ON_A_BOARD } from "../games/board-cursor";
import { boardKey, stepTo } from "./board-keys";

const NONE = { ctrlKey: false, altKey: false, metaKey: false };

describe("boardKey", () => {
  it.each([
    ["ArrowLeft", "previous"],
    ["ArrowRight", "next"],
    ["Home", "first"],
    ["End", "live"],
    ["f", "flip"],
    ["F", "flip"],
    ["x", null],
  ] as const)("reads %s on the page as %s", (key, action) => {
    expect(boardKey(key, { tagName: "BODY" }, NONE)).toBe(action);
  });

  it("leaves the keys typed into a field to the field (the chat, the move box)", () => {
    for (const tagName of ["INPUT", "textarea", "SELECT"]) {
      expect(boardKey("ArrowLeft", { tagName }, NONE)).toBeNull();
      expect(boardKey("f", { tagName }, NONE)).toBeNull();
    }
    expect(boardKey("Home", { tagName: "DIV", isContentEditable: true }, NONE)).toBeNull();
  });

  it("leaves the arrows, Home and End on a board to its cursor, and flips from there", () => {
    const onBoard = {
      tagName: "BUTTON",
      closest: (selector: string) => (selector === ON_A_BOARD ? {} : null),
    };
    const offBoard = { tagName: "BUTTON", closest: () => null };
    for (const key of ["ArrowLeft", "ArrowRight", "Home", "End"]) {
      expect(boardKey(key, onBoard, NONE)).toBeNull();
      expect(boardKey(key, offBoard, NONE)).not.toBeNull();
    }
    expect(boardKey("f", onBoard, NONE)).toBe("flip");
  });

  it("leaves a key held with a modifier to the browser", () => {
    expect(boardKey("f", null, { ...NONE, ctrlKey: true })).toBeNull();
    expect(boardKey("ArrowLeft", null, { ...NONE, altKey: true })).toBeNull();
    expect(boardKey("End", null, { ...NONE, metaKey: true })).toBeNull();
  });
});

describe("stepTo", () => {
  it("steps one ply back from the live position and forward to it again", () => {
    expect(stepTo("previous", null, 5)).toBe(4);
    expect(stepTo("next", 4, 5)).toBeNull();
    expect(stepTo("next", 2, 5)).toBe(3);
  });

  it("goes to the start with Home and to the live position with End", () => {
    expect(stepTo("first", null, 5)).toBe(0);
    expect(stepTo("live", 2, 5)).toBeNull();
  });

  it("stays at the start and at the live position", () => {
    expect(stepTo("previous", 0, 5)).toBe(0);
    expect(stepTo("next", null, 5)).toBeNull();
    expect(stepTo("previous", null, 0)).toBeNull();
  });
});
