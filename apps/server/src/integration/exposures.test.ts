// Issue 20, finding 8: an 8,100-deep array inside 16 KB overflowed the gateway's stack (the client got
// `internal`, and a full stack was logged), and `invalid-options` echoed about 3.5 KB of the sender's keys.
import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_CHARS } from "../protocol/gateway.js";
import { MAX_PAYLOAD_DEPTH } from "../protocol/payload-depth.js";
import { type Client } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { startOthello } from "../test-support/play.js";

const rapid = { baseMs: 600_000, incrementMs: 5_000 };

/** A logger that keeps every line it writes, at every level. */
function recordingLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: "trace" }, sink), lines };
}

/** The client's socket without the protocol's types: these payloads are deliberately outside it. */
function raw(client: Client) {
  return client.socket as unknown as {
    timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
  };
}

const arena = useServers();

describe("the smaller exposures at the edge", () => {
  it("refuses an 8,100-deep array inside 16 KB with invalid-payload, logs no payload and no stack", async () => {
    const { logger, lines } = recordingLogger();
    await arena.start({ logger });
    const client = await arena.connect();
    // Written as the socket.io packet's text (type 2, an event): its client walks what it emits recursively.
    const depth = 8_100;
    const deep = `${"[".repeat(depth)}"deep-marker"${"]".repeat(depth)}`;
    expect(deep.length).toBeLessThan(16 * 1024);
    const engine = (client.socket as unknown as { io: { engine: { write(packet: string): void } } }).io
      .engine;
    engine.write(`2["match:move",{"matchId":"m_x","deep":${deep}}]`);
    engine.write(`2["room:create",${deep}]`);
    await client.until((c) => c.errors.length === 2, "two error events");
    expect(client.errors).toEqual(
      ["match:move", "room:create"].map((event) => ({
        event,
        code: "invalid-payload",
        message: `the payload nests deeper than ${MAX_PAYLOAD_DEPTH} levels`,
      })),
    );
    // The socket and the server still work.
    expect(await client.call("match:watch", { matchId: "m_nope" })).toMatchObject({ code: "not-found" });
    const log = lines.join("");
    expect(log).toContain('"code":"invalid-payload"');
    expect(log).not.toContain("deep-marker");
    expect(log).not.toContain("RangeError");
    expect(log).not.toContain('"level":50');
  });

  it("refuses a deep REST body the same way", async () => {
    const server = await arena.start();
    const depth = 5_000;
    const response = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"name":${"[".repeat(depth)}${"]".repeat(depth)}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      code: "invalid-payload",
      message: `the body nests deeper than ${MAX_PAYLOAD_DEPTH} levels`,
    });
  });

  it("quotes at most a short excerpt of the sender's input in every refusal", async () => {
    await arena.start();
    const client = await arena.connect();
    const keys = Object.fromEntries(
      Array.from({ length: 90 }, (_, i) => [`sender-key-${i}-${"k".repeat(24)}`, 1]),
    );
    expect(JSON.stringify(keys).length).toBeGreaterThan(3_500);
    const refusals: unknown[] = [];
    // invalid-options: the engine lists at most three unknown keys, excerpted.
    const options = await client.call("room:create", {
      gameId: "othello",
      timeControl: rapid,
      seats: [{ kind: "open" }, { kind: "open" }],
      options: keys,
    });
    expect(options).toMatchObject({ ok: false, code: "invalid-options" });
    expect(options.ok ? "" : options.message).toMatch(/^unknown option\(s\): .* and 87 more$/);
    refusals.push(options);
    // invalid-payload: zod names the unknown keys of a strict object.
    refusals.push(
      await raw(client)
        .timeout(5_000)
        .emitWithAck("match:watch", { matchId: "m_x", ...keys }),
    );
    // invalid-notation: a move of 64 characters (the schema's longest).
    const { matchId } = await startOthello(client, await arena.connect(), rapid);
    const snapshot = await client.call("match:watch", { matchId });
    if (!snapshot.ok) throw new Error(snapshot.code);
    const move = `${"sender-move-".repeat(6)}`.slice(0, 64);
    const notation = await client.call("match:move", {
      matchId,
      version: snapshot.snapshot.version,
      move,
    });
    expect(notation).toMatchObject({ ok: false, code: "invalid-notation" });
    refusals.push(notation);
    for (const refusal of refusals) {
      const { message } = refusal as { message: string };
      expect(message.length, message).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
      // No quoted stretch of the input is longer than an excerpt.
      expect(message).not.toMatch(/sender-key-\d+-k{24}/);
      expect(message).not.toContain(move.slice(0, 30));
    }
  });
});
