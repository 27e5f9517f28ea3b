import { describe, expect, it } from "vitest";
import { readEnv } from "./env.js";

describe("readEnv: which store", () => {
  it("is SQLite in ./data by default, fsyncing at checkpoints", () => {
    expect(readEnv({})).toMatchObject({ STORE: "sqlite", DATA_DIR: "./data", SQLITE_SYNC: "normal" });
  });

  it("is Redis when REDIS_URL is set", () => {
    expect(readEnv({ REDIS_URL: "redis://127.0.0.1:6379" }).STORE).toBe("redis");
    expect(readEnv({ REDIS_URL: "" }).STORE).toBe("sqlite");
  });

  it("is memory when asked", () => {
    expect(readEnv({ STORE: "memory" }).STORE).toBe("memory");
  });

  it("refuses contradictions", () => {
    expect(() => readEnv({ STORE: "redis" })).toThrow("STORE=redis needs REDIS_URL");
    expect(() => readEnv({ STORE: "memory", REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(
      "STORE=memory cannot be used with REDIS_URL",
    );
    expect(() => readEnv({ SQLITE_SYNC: "off" })).toThrow("SQLITE_SYNC");
  });
});
