import { describe, expect, it } from "vitest";
import { deviceOf, deviceParts } from "./device.js";

describe("a session's device", () => {
  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari on macOS",
    ],
    ["curl/8.5.0", "curl"],
    ["node", "Node.js"],
    ["something else", ""],
    [undefined, ""],
  ])("%s → %s", (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });

  it("is read back as its browser and system", () => {
    expect(deviceParts("Samsung Internet on Android")).toEqual({
      browser: "Samsung Internet",
      system: "Android",
    });
    expect(deviceParts("curl")).toEqual({ browser: "curl", system: null });
    expect(deviceParts("Linux")).toEqual({ browser: null, system: "Linux" });
    expect(deviceParts("")).toEqual({ browser: null, system: null });
  });
});
