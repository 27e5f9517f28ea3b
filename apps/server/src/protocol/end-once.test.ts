import { createRequire } from "node:module";
import { type Socket } from "node:net";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { useServers } from "../test-support/servers.js";
import { makeSocketEndOnce, makeWebSocketParsersEndOnce, webSocketParser } from "./end-once.js";

/** A stream that has finished: ended, and its 'finish' emitted. */
async function finished(): Promise<Writable> {
  const stream = new Writable({ write: (_chunk, _encoding, done) => done() });
  const over = new Promise((resolve) => stream.once("finish", resolve));
  stream.end();
  await over;
  return stream;
}

describe("WebSocket streams that end once (protocol/end-once.ts)", () => {
  const arena = useServers();

  it("patches the frame parser engine.io's ws uses, and only while it inherits Node's end", () => {
    const enginesWs = createRequire(createRequire(import.meta.url).resolve("engine.io"))("ws") as {
      Receiver: { prototype: Writable };
    };
    expect(enginesWs.Receiver).toBe(webSocketParser);
    makeWebSocketParsersEndOnce();
    makeWebSocketParsersEndOnce();
    const prototype = enginesWs.Receiver.prototype;
    expect(Object.prototype.hasOwnProperty.call(prototype, "end")).toBe(true);
    expect(Reflect.get(prototype, "end")).not.toBe(Reflect.get(Writable.prototype, "end"));
  });

  it("makes a bare end() of an ended stream a no-op, and answers every other call as Node does", async () => {
    /** What a stream shows through a series of end() calls: return values, callbacks, events, state. */
    const observe = async (stream: Writable) => {
      const seen: string[] = [];
      stream.on("error", (error: NodeJS.ErrnoException) => seen.push(`error ${error.code}`));
      seen.push(`bare returns itself: ${stream.end() === stream}`);
      const heard = await new Promise<unknown>((resolve) =>
        stream.end((error?: Error | null) => resolve(error)),
      );
      seen.push(`callback ${(heard as NodeJS.ErrnoException | undefined)?.code}`);
      stream.end("late");
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(`finished ${stream.writableFinished} destroyed ${stream.destroyed}`);
      return seen;
    };
    const once = await finished();
    makeSocketEndOnce(once as unknown as Socket);
    const fromOnce = await observe(once);
    expect(fromOnce).toEqual(await observe(await finished()));
    expect(fromOnce).toContain("callback ERR_STREAM_ALREADY_FINISHED");
    // A stream still open ends as usual.
    const open = new Writable({ write: (_chunk, _encoding, done) => done() });
    makeSocketEndOnce(open as unknown as Socket);
    const over = new Promise((resolve) => open.once("finish", resolve));
    open.end();
    await over;
    expect(open.writableFinished).toBe(true);
  });

  it("gives each upgraded socket of the server its own end, and WebSockets still open and close cleanly", async () => {
    const server = await arena.start();
    const upgraded: Socket[] = [];
    server.app.http.on("upgrade", (_request, socket) => upgraded.push(socket as Socket));
    const clients = await Promise.all(Array.from({ length: 5 }, () => arena.connect()));
    expect(upgraded).toHaveLength(5);
    for (const socket of upgraded) expect(Object.prototype.hasOwnProperty.call(socket, "end")).toBe(true);
    const closed = upgraded.map((socket) => new Promise((resolve) => socket.once("close", resolve)));
    const errors: unknown[] = [];
    for (const socket of upgraded) socket.on("error", (error) => errors.push(error));
    for (const client of clients) client.close();
    await Promise.all(closed);
    expect(errors).toEqual([]);
    expect(server.app.io.engine.clientsCount).toBe(0);
  });
});
