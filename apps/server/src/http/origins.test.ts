import { describe, expect, it } from "vitest";
import { checkOrigin } from "./origins.js";

describe("checkOrigin", () => {
  it("lets the page's own origin in, whatever address it was opened at", () => {
    expect(checkOrigin("http://192.168.1.20:3000", "192.168.1.20:3000", [])).toEqual({ ok: true });
    expect(checkOrigin("https://arena.example", "arena.example", [])).toEqual({ ok: true });
    expect(checkOrigin("http://[fd00::5]:3000", "[fd00::5]:3000", [])).toEqual({ ok: true });
  });

  it("lets in no browser at all (bots, the CLI) and listed origins", () => {
    expect(checkOrigin(undefined, "localhost:3000", [])).toEqual({ ok: true });
    expect(checkOrigin("http://localhost:5173", "localhost:3000", ["http://localhost:5173"])).toEqual({
      ok: true,
    });
  });

  it("refuses another site, another port and a mangled origin, saying what to do", () => {
    const other = checkOrigin("https://evil.example", "arena.example", []);
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.reason).toMatch(/ALLOWED_ORIGINS/);
    expect(checkOrigin("http://arena.example:8080", "arena.example", []).ok).toBe(false);
    expect(checkOrigin("null", "arena.example", []).ok).toBe(false);
    expect(checkOrigin("https://evil.example", undefined, []).ok).toBe(false);
  });
});
