import { type Socket } from "node:net";
import { Writable } from "node:stream";
import ws from "ws";

type End = (this: Writable, ...args: unknown[]) => Writable;

/**
 * A bare `end()` on a stream that is already ending does nothing in Node but build an
 * ERR_STREAM_ALREADY_FINISHED (or ERR_STREAM_DESTROYED) error, stack trace and all, for a callback that was
 * not given. ws does exactly that as a WebSocket closes: its frame parser ends itself on the close frame,
 * then is ended again on the socket's 'end' and again on its 'close'; the socket, ended once the close
 * frame was answered, is ended again on the peer's FIN. These thrown-away errors were a fifth of the
 * server's CPU while 2,000 watchers left at once (docs/reliability.md, "Leaving at once"). With an argument
 * (data or a callback) the call goes through unchanged.
 */
function endOnce(end: End): End {
  return function (this: Writable, ...args: unknown[]) {
    if (args.length === 0 && this.writableEnded) return this;
    return end.apply(this, args);
  };
}

/** The `end` a stream has, own or inherited, as a plain function. */
const endOf = (stream: object): End => Reflect.get(stream, "end") as End;

/** ws's frame parser, which @types/ws does not declare; engine.io's copy (the server depends on its range). */
export const webSocketParser = (ws as unknown as { Receiver?: { prototype: Writable } }).Receiver;

/**
 * ws's frame parser ends once: only while it inherits Node's `end` (should ws define one of its own, this
 * leaves it alone, and end-once.test.ts fails).
 */
export function makeWebSocketParsersEndOnce(): void {
  const prototype = webSocketParser?.prototype;
  if (prototype === undefined || Object.prototype.hasOwnProperty.call(prototype, "end")) return;
  const nodes = endOf(Writable.prototype);
  if (endOf(prototype) !== nodes) return;
  Object.defineProperty(prototype, "end", { value: endOnce(nodes), writable: true, configurable: true });
}

/** A socket being upgraded to a WebSocket ends once (its own property: other sockets are untouched). */
export function makeSocketEndOnce(socket: Socket): void {
  Object.defineProperty(socket, "end", { value: endOnce(endOf(socket)), writable: true, configurable: true });
}
