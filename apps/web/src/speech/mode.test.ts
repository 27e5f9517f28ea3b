import { describe, expect, it } from "vitest";
import { negotiateSpeech, parseSpeechFlag, speechFlag } from "./mode";

describe("the screen-reader mode of a request", () => {
  it("is off by default", () => {
    expect(negotiateSpeech({})).toBe(false);
  });

  it("follows the cookie", () => {
    expect(negotiateSpeech({ cookie: "1" })).toBe(true);
    expect(negotiateSpeech({ cookie: "0" })).toBe(false);
  });

  it("follows the address over the cookie, both ways", () => {
    expect(negotiateSpeech({ query: "1", cookie: "0" })).toBe(true);
    expect(negotiateSpeech({ query: "0", cookie: "1" })).toBe(false);
  });

  it("ignores values it does not know", () => {
    expect(parseSpeechFlag("yes")).toBeNull();
    expect(negotiateSpeech({ query: "true", cookie: "1" })).toBe(true);
    expect(negotiateSpeech({ query: "", cookie: "on" })).toBe(false);
  });

  it("writes what it reads", () => {
    expect(parseSpeechFlag(speechFlag(true))).toBe(true);
    expect(parseSpeechFlag(speechFlag(false))).toBe(false);
  });
});
