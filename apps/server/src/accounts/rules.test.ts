import { describe, expect, it } from "vitest";
import { checkAccountName, nameKey } from "./names.js";
import { checkPassword, hashPassword, MIN_PASSWORD_LENGTH, SCRYPT, verifyPassword } from "./passwords.js";

describe("account names", () => {
  it("takes 3–20 letters, digits, _ and -", () => {
    for (const name of ["Ada", "ada_lovelace", "x-1", "A".repeat(20), "Z9_-z"]) {
      expect(checkAccountName(name)).toEqual({ ok: true, name });
    }
  });

  it("refuses unsafe shapes: too short or long, spaces, markup, non-ASCII look-alikes, non-strings", () => {
    for (const name of [
      "ab",
      "A".repeat(21),
      "two words",
      "<b>x</b>",
      "a.b",
      "Аda",
      "ｆｕｌｌ",
      "tab\tx",
      "",
      42,
      null,
    ]) {
      expect(checkAccountName(name).ok).toBe(false);
    }
  });

  it("refuses the reserved names and prefixes, whatever their case", () => {
    for (const name of [
      "admin",
      "ADMIN",
      "Arena",
      "system",
      "guest",
      "Guest42",
      "bot",
      "BotMaker",
      "Moderator",
    ]) {
      const check = checkAccountName(name);
      expect(!check.ok && check.message).toContain("reserved");
    }
  });

  it("makes names differing only in case one key", () => {
    expect(nameKey("AdaL")).toBe(nameKey("adal"));
  });
});

describe("passwords", () => {
  it("refuses short, common (any case) and name-holding passwords", () => {
    expect(checkPassword("x".repeat(MIN_PASSWORD_LENGTH - 1), "ada")).toMatchObject({ ok: false });
    const common = checkPassword("Password1", "ada");
    expect(!common.ok && common.message).toContain("common");
    const named = checkPassword("my-ada-rocks", "Ada");
    expect(!named.ok && named.message).toContain("name");
    expect(checkPassword("correct horse battery", "ada")).toEqual({ ok: true });
  });

  it("refuses passwords that are easy to guess though not on the list (issue 26)", () => {
    for (const weak of [
      "aaaaaaaa",
      "passpass",
      "Passw0rd!",
      "letmein!",
      "arena123",
      "asdfghjk",
      "11223344",
    ]) {
      const check = checkPassword(weak, "ada");
      expect([weak, !check.ok && check.message]).toEqual([weak, expect.stringContaining("easy to guess")]);
    }
    for (const strong of ["correct horse battery", "a long enough secret", "kP9#vLq2Zm"]) {
      expect([strong, checkPassword(strong, "ada")]).toEqual([strong, { ok: true }]);
    }
  });

  it("hashes with the documented scrypt parameters and a fresh salt, and verifies in constant time", async () => {
    const stored = await hashPassword("correct horse battery");
    const [prefix, n, r, p, salt, key] = stored.split("$");
    expect([prefix, Number(n), Number(r), Number(p)]).toEqual(["scrypt", 2 ** 15, 8, 3]);
    expect(Buffer.from(salt ?? "", "base64url")).toHaveLength(SCRYPT.saltLength);
    expect(Buffer.from(key ?? "", "base64url")).toHaveLength(SCRYPT.keyLength);
    expect(stored).not.toContain("correct horse");
    expect(await hashPassword("correct horse battery")).not.toBe(stored);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("correct horse battery", "md5$abc")).toBe(false);
  });
});
