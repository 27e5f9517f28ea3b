import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unzipStored } from "../test-support/unzip.js";
import { crc32, zip } from "./zip.js";

const hasUnzip = (() => {
  try {
    execFileSync("unzip", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("zip (stored)", () => {
  it("computes the CRC-32 of the standard check string", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it("holds each file whole under its UTF-8 name", () => {
    const archive = zip(
      [
        { name: "profile.json", data: '{"name":"Ада"}' },
        { name: "games/m_1.ggf", data: Buffer.from([0, 1, 2, 255]) },
        { name: "empty.json", data: "" },
      ],
      Date.UTC(2026, 10, 29, 9, 30, 0),
    );
    const files = unzipStored(archive);
    expect([...files.keys()]).toEqual(["profile.json", "games/m_1.ggf", "empty.json"]);
    expect(files.get("profile.json")?.toString("utf8")).toBe('{"name":"Ада"}');
    expect([...(files.get("games/m_1.ggf") ?? [])]).toEqual([0, 1, 2, 255]);
  });

  it.skipIf(!hasUnzip)("opens with Info-ZIP's unzip, which checks every CRC", () => {
    const folder = mkdtempSync(join(tmpdir(), "arena-zip-"));
    try {
      const file = join(folder, "export.zip");
      writeFileSync(
        file,
        zip(
          [
            { name: "a/b.txt", data: "hello" },
            { name: "c.json", data: "{}" },
          ],
          0,
        ),
      );
      const listed = execFileSync("unzip", ["-t", file]).toString();
      expect(listed).toContain("No errors detected");
      expect(execFileSync("unzip", ["-p", file, "a/b.txt"]).toString()).toBe("hello");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
