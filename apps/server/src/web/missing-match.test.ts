import { type NextFunction, type Request, type Response } from "express";
import { describe, expect, it } from "vitest";
import { MISSING_MATCH_HEADER, markMissingMatch } from "./missing-match.js";

/** Runs the middleware on a request for `/play/<id>` with the given headers; resolves with them after. */
function run(
  exists: (id: string) => Promise<boolean>,
  id: string,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const req = { params: { id }, headers: { ...headers } } as unknown as Request<{ id: string }>;
  return new Promise((resolve) => {
    const next: NextFunction = () => resolve(req.headers);
    markMissingMatch(exists)(req, {} as Response, next);
  });
}

describe("a room page for a missing match is marked for the 404 page", () => {
  it("marks a match the store does not know, and a malformed id", async () => {
    expect((await run(() => Promise.resolve(false), "m_gone"))[MISSING_MATCH_HEADER]).toBe("missing");
    expect((await run(() => Promise.resolve(true), "not a match id!"))[MISSING_MATCH_HEADER]).toBe("missing");
  });

  it("leaves a known match unmarked, whatever the client sent", async () => {
    const headers = await run(() => Promise.resolve(true), "m_here", { [MISSING_MATCH_HEADER]: "missing" });
    expect(headers[MISSING_MATCH_HEADER]).toBeUndefined();
  });

  it("marks nothing when the store fails (the room page says what the socket finds)", async () => {
    const headers = await run(() => Promise.reject(new Error("store down")), "m_here");
    expect(headers[MISSING_MATCH_HEADER]).toBeUndefined();
  });
});
