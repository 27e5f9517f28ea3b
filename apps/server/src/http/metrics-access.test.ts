import { type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { mayReadMetrics } from "./metrics-access.js";

function request(remoteAddress: string, headers: Record<string, string> = {}): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

const TOKEN = "metrics-token-0123456789";

describe("who may read /metrics (issue 20, finding 8)", () => {
  it("serves a scraper on this machine, over IPv4, IPv6 or mapped IPv4", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) {
      expect(mayReadMetrics(request(address), null)).toBe(true);
    }
  });

  it("refuses other machines, and anything a proxy forwarded, without the token", () => {
    for (const address of ["10.0.0.5", "192.168.1.20", "::ffff:192.168.1.20", "fe80::1"]) {
      expect(mayReadMetrics(request(address), null)).toBe(false);
      expect(mayReadMetrics(request(address), TOKEN)).toBe(false);
    }
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      expect(mayReadMetrics(request("127.0.0.1", { [header]: "203.0.113.9" }), null)).toBe(false);
    }
  });

  it("serves anyone with the bearer token, and nobody with another", () => {
    const bearer = { authorization: `Bearer ${TOKEN}` };
    expect(mayReadMetrics(request("203.0.113.9", bearer), TOKEN)).toBe(true);
    expect(mayReadMetrics(request("127.0.0.1", { ...bearer, "x-forwarded-for": "203.0.113.9" }), TOKEN)).toBe(
      true,
    );
    expect(mayReadMetrics(request("203.0.113.9", { authorization: `Bearer ${TOKEN}x` }), TOKEN)).toBe(false);
    expect(mayReadMetrics(request("203.0.113.9", { authorization: "Bearer " }), TOKEN)).toBe(false);
    // Without a token configured, a bearer header opens nothing.
    expect(mayReadMetrics(request("203.0.113.9", bearer), null)).toBe(false);
    // A wrong token from this machine is refused, not waved through as loopback.
    expect(mayReadMetrics(request("127.0.0.1", { authorization: "Bearer nope" }), TOKEN)).toBe(false);
  });
});
