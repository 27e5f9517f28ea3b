import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.js";

describe("the address per-address quotas count", () => {
  it("is the peer when no proxy is trusted, whatever the client forwards", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
    expect(clientAddress("2001:db8::7", undefined, 0)).toBe("2001:db8::7");
    expect(clientAddress("::ffff:203.0.113.7", undefined, 0)).toBe("203.0.113.7");
  });

  it("is the address the trusted proxy saw: the entry it appended, not the client's own", () => {
    // The client sent "1.2.3.4"; the proxy (peer 10.0.0.2) appended the address it saw.
    expect(clientAddress("10.0.0.2", "1.2.3.4, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", ["1.2.3.4", "203.0.113.7, 10.0.0.9"], 2)).toBe("203.0.113.7");
    // Fewer entries than trusted proxies: it did not come through them.
    expect(clientAddress("203.0.113.8", undefined, 1)).toBe("203.0.113.8");
    expect(clientAddress("10.0.0.2", "not an address", 1)).toBeNull();
  });

  it("counts no loopback peer", () => {
    expect(clientAddress("127.0.0.1", undefined, 0)).toBeNull();
    expect(clientAddress("::ffff:127.0.0.1", undefined, 0)).toBeNull();
    expect(clientAddress("::1", "203.0.113.7", 0)).toBeNull();
    expect(clientAddress("::1", "203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress(undefined, undefined, 0)).toBeNull();
  });
});
