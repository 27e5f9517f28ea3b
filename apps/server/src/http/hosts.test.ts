import { describe, expect, it } from "vitest";
import { checkHost, hostName, hostPolicy } from "./hosts.js";

describe("the Host allow-list", () => {
  const policy = hostPolicy(
    ["Arena.Example.com", "https://play.example.org:8443/x"],
    ["https://friends.example"],
    ["mybox"],
  );

  it("reads names without port, brackets, case or trailing dot", () => {
    expect(hostName("Arena.Example.COM.:3000")).toBe("arena.example.com");
    expect(hostName("[::1]:3000")).toBe("::1");
    expect(hostName("a b")).toBeNull();
  });

  it.each([
    "localhost:3000",
    "app.localhost",
    "127.0.0.1:3000",
    "[::1]:3000",
    "192.168.1.20:3000",
    "arena.example.com",
    "play.example.org",
    "friends.example",
    "mybox:3000",
  ])("answers %s", (host) => {
    expect(checkHost(host, policy)).toEqual({ ok: true });
  });

  it.each(["rebind.attacker.example", "localhost.attacker.example", "127.0.0.1.nip.io", "example.com"])(
    "refuses %s with the reason",
    (host) => {
      const check = checkHost(host, policy);
      expect(check.ok).toBe(false);
      expect(!check.ok && check.reason).toContain("ALLOWED_HOSTS");
    },
  );

  it("passes a request without Host, and anything with *", () => {
    expect(checkHost(undefined, policy)).toEqual({ ok: true });
    expect(checkHost("rebind.attacker.example", hostPolicy(["*"], []))).toEqual({ ok: true });
  });
});
