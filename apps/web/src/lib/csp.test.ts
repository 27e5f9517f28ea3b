import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./csp";

const directives = (policy: string) =>
  new Map(policy.split("; ").map((d) => [d.split(" ")[0] ?? "", d.split(" ").slice(1)]));

describe("the pages' Content-Security-Policy", () => {
  it("allows scripts and styles by this response's nonce, sockets to the page's own host, and no framing", () => {
    const policy = directives(
      contentSecurityPolicy({ nonce: "bm9uY2U=", host: "arena.example:3000", development: false }),
    );
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "ws://arena.example:3000",
      "wss://arena.example:3000",
    ]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("style-src")).not.toContain("'unsafe-inline'");
  });

  it("names no socket origin for a Host that is not a plain host[:port]", () => {
    for (const host of ["evil.example; script-src *", "a b", "", "x'y", null]) {
      const policy = directives(contentSecurityPolicy({ nonce: "n", host, development: false }));
      expect(policy.get("connect-src")).toEqual(["'self'"]);
      expect(policy.get("script-src")).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'"]);
    }
    const v6 = directives(contentSecurityPolicy({ nonce: "n", host: "[::1]:3000", development: false }));
    expect(v6.get("connect-src")).toEqual(["'self'", "ws://[::1]:3000", "wss://[::1]:3000"]);
  });

  it("lets `next dev` evaluate code, and nothing else", () => {
    const dev = directives(contentSecurityPolicy({ nonce: "n", host: null, development: true }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
  });
});
