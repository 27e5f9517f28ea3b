import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrCreateSecret } from "./secret-file.js";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "arena-secret-"));
  folders.push(folder);
  return folder;
}

describe("the secret kept in the data folder", () => {
  it("is made on first start with mode 0600 and read back unchanged after", () => {
    const folder = tempFolder();
    const first = loadOrCreateSecret(folder);
    expect(first).toMatchObject({ ok: true, value: { created: true, file: join(folder, "secret") } });
    const file = join(folder, "secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadOrCreateSecret(folder);
    expect(second).toMatchObject({ ok: true, value: { created: false } });
    expect(first.ok && second.ok && second.value.secret).toBe(first.ok && first.value.secret);
    expect(readFileSync(file, "utf8")).toBe(`${first.ok ? first.value.secret : ""}\n`);
  });

  it("stops start-up when others may read it", () => {
    const folder = tempFolder();
    expect(loadOrCreateSecret(folder).ok).toBe(true);
    const file = join(folder, "secret");
    chmodSync(file, 0o644);
    const loaded = loadOrCreateSecret(folder);
    expect(loaded).toMatchObject({ ok: false, problem: { code: "bad-secret", path: file } });
    expect(!loaded.ok && loaded.problem.message).toContain(`${file} has mode 0644`);
    expect(!loaded.ok && loaded.problem.message).toContain(`chmod 600 ${file}`);
  });

  it.each([
    ["empty", ""],
    ["too short", "abc\n"],
    ["not base64url", `${"+".repeat(43)}\n`],
  ])("stops start-up when it holds something else (%s), and leaves it alone", (_, content) => {
    const folder = tempFolder();
    const file = join(folder, "secret");
    writeFileSync(file, content, { mode: 0o600 });
    const loaded = loadOrCreateSecret(folder);
    expect(loaded).toMatchObject({ ok: false, problem: { code: "bad-secret", path: file } });
    expect(!loaded.ok && loaded.problem.message).toContain("does not hold a secret this server wrote");
    expect(readFileSync(file, "utf8")).toBe(content);
  });

  it("stops start-up when it is not a file", () => {
    const folder = tempFolder();
    mkdirSync(join(folder, "secret"));
    expect(loadOrCreateSecret(folder)).toMatchObject({ ok: false, problem: { code: "bad-secret" } });
  });
});
