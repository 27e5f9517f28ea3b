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

describe("readEnv: ALLOWED_HOSTS", () => {
  it("is none besides the defaults, a comma-separated list, or * for any", () => {
    expect(readEnv({}).ALLOWED_HOSTS).toEqual([]);
    expect(
      readEnv({ ALLOWED_HOSTS: " arena.example.com, play.example.org:8443 ,https://x.example" })
        .ALLOWED_HOSTS,
    ).toEqual(["arena.example.com", "play.example.org:8443", "https://x.example"]);
    expect(readEnv({ ALLOWED_HOSTS: "*" }).ALLOWED_HOSTS).toEqual(["*"]);
    expect(() => readEnv({ ALLOWED_HOSTS: "a b" })).toThrow("ALLOWED_HOSTS");
  });
});
