import { describe, expect, it } from "vitest";
import { selfOrigin } from "./self-origin.js";

describe("selfOrigin", () => {
  it("reads a wildcard IPv4 listener over IPv4 loopback", () => {
    expect(selfOrigin({ address: "0.0.0.0", family: "IPv4", port: 3000 })).toBe("http://127.0.0.1:3000");
  });
  it("reads a wildcard IPv6 listener over IPv6 loopback, bracketed", () => {
    expect(selfOrigin({ address: "::", family: "IPv6", port: 3000 })).toBe("http://[::1]:3000");
  });
  it("reads a listener on one address at that address", () => {
    expect(selfOrigin({ address: "192.168.1.5", family: "IPv4", port: 8080 })).toBe(
      "http://192.168.1.5:8080",
    );
  });
});
