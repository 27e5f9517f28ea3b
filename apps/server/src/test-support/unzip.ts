import { crc32 } from "../account-data/zip.js";

/**
 * The files of a zip without compression, read from its central directory as unzip reads them, each
 * checked against its CRC: for tests of archives the server writes.
 */
export function unzipStored(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("no end of central directory");
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`no directory entry ${i}`);
    const [method, crc, size] = [
      archive.readUInt16LE(at + 10),
      archive.readUInt32LE(at + 16),
      archive.readUInt32LE(at + 20),
    ];
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const local = archive.readUInt32LE(at + 42);
    const dataAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(dataAt, dataAt + size);
    if (method !== 0) throw new Error(`${name}: compressed`);
    if (crc32(data) !== crc) throw new Error(`${name}: bad CRC`);
    files.set(name, data);
    at += 46 + skip;
  }
  return files;
}
