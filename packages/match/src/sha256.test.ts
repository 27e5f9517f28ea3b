import { describe, expect, it } from "vitest";
import { asciiBytes, fromHex, hmacSha256, sha256, toHex } from "./sha256.js";

const hex = (text: string): Uint8Array => {
  const bytes = fromHex(text);
  if (bytes === null) throw new Error(`not hex: ${text}`);
  return bytes;
};

describe("sha256", () => {
  // FIPS 180-4 examples and the NIST CAVP short/long message vectors.
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
    [
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
    ],
  ])("hashes %j", (message, digest) => {
    expect(toHex(sha256(asciiBytes(message)))).toBe(digest);
  });

  it("hashes a million 'a's", () => {
    expect(toHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    );
  });

  it("is right on both sides of every padding boundary (55, 56, 63, 64, 65 bytes)", () => {
    // Digests of n bytes of 0x00, from a reference implementation (coreutils sha256sum).
    const zeros: Record<number, string> = {
      55: "02779466cdec163811d078815c633f21901413081449002f24aa3e80f0b88ef7",
      56: "d4817aa5497628e7c77e6b606107042bbba3130888c5f47a375e6179be789fbb",
      63: "c7723fa1e0127975e49e62e753db53924c1bd84b8ac1ac08df78d09270f3d971",
      64: "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b",
      65: "98ce42deef51d40269d542f5314bef2c7468d401ad5d85168bfab4c0108f75f7",
    };
    for (const [n, digest] of Object.entries(zeros)) {
      expect(toHex(sha256(new Uint8Array(Number(n))))).toBe(digest);
    }
  });
});

describe("hmacSha256 (RFC 4231)", () => {
  it.each([
    [
      "case 1",
      hex("0b".repeat(20)),
      asciiBytes("Hi There"),
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
    ],
    [
      "case 2",
      asciiBytes("Jefe"),
      asciiBytes("what do ya want for nothing?"),
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    ],
    [
      "case 3",
      hex("aa".repeat(20)),
      hex("dd".repeat(50)),
      "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
    ],
    [
      "case 6 (a key longer than a block)",
      hex("aa".repeat(131)),
      asciiBytes("Test Using Larger Than Block-Size Key - Hash Key First"),
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
    ],
  ])("%s", (_name, key, message, mac) => {
    expect(toHex(hmacSha256(key, message))).toBe(mac);
  });
});

describe("hex", () => {
  it("round-trips and refuses what is not hex", () => {
    expect(toHex(hex("00ff10Ab"))).toBe("00ff10ab");
    expect(fromHex("abc")).toBeNull();
    expect(fromHex("zz")).toBeNull();
    expect(() => asciiBytes("é")).toThrow(RangeError);
  });
});
