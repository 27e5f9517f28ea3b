import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** Why an engine gave no move: it exited, it did not answer in time, or it answered something unreadable. */
export const ENGINE_FAILURES = ["exited", "timeout", "bad-answer"] as const;
export type EngineFailure = (typeof ENGINE_FAILURES)[number];

export type EngineAnswer =
  | { readonly ok: true; readonly move: string }
  | { readonly ok: false; readonly reason: EngineFailure; readonly detail: string };

/** How long an engine may take to start and answer its first `ping` (a JIT start, an opening book). */
const START_TIMEOUT_MS = 30_000;

interface Waiter {
  readonly match: (line: string) => boolean;
  readonly done: (line: string | null) => void;
}

/**
 * An NBoard-protocol engine as a child process (docs/cli.md, "arena bot"): `arena nboard`, Edax with
 * `-nboard`, or any program that speaks it on stdin/stdout. The command runs through the shell, so it may
 * carry its own arguments. One question at a time: `bestMove` sends the game with `set game <GGF>` and
 * `go`, and reads the `=== <move>` line.
 */
export class NboardEngine {
  private readonly waiters: Waiter[] = [];
  private exitNote: string | null = null;
  private pings = 0;

  private constructor(
    private readonly child: ChildProcess,
    private readonly log: (line: string) => void,
  ) {
    if (child.stdout === null) throw new Error("the engine's stdout must be piped");
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    lines.on("line", (line) => this.heard(line.trim()));
    child.stderr?.on("data", (chunk: Buffer) => log(`engine stderr: ${chunk.toString().trimEnd()}`));
    child.on("exit", (code, signal) => {
      this.exitNote = signal === null ? `exited with code ${code ?? "?"}` : `killed by ${signal}`;
      for (const waiter of this.waiters.splice(0)) waiter.done(null);
    });
    child.on("error", (error) => {
      this.exitNote = `could not run: ${error.message}`;
      for (const waiter of this.waiters.splice(0)) waiter.done(null);
    });
    // Writing to an engine that died throws EPIPE asynchronously; the exit handler has said why.
    child.stdin?.on("error", () => undefined);
  }

  /**
   * Starts `command` and waits until it answers a `ping` (after `nboard 2`, and `set depth` when given).
   * Null, with the reason logged, when it does not start.
   */
  static async start(
    command: string,
    options: { readonly depth?: number; readonly log: (line: string) => void },
  ): Promise<NboardEngine | null> {
    const child = spawn(command, { shell: true, stdio: ["pipe", "pipe", "pipe"] });
    const engine = new NboardEngine(child, options.log);
    engine.send("nboard 2");
    if (options.depth !== undefined) engine.send(`set depth ${options.depth}`);
    if (!(await engine.ping(START_TIMEOUT_MS))) {
      options.log(`the engine did not start: ${engine.exitNote ?? "no answer to ping"}`);
      engine.stop();
      return null;
    }
    return engine;
  }

  /** Whether the process is still running. */
  get alive(): boolean {
    return this.exitNote === null;
  }

  /** The engine's move for the game `ggf` (the side to move is the last one's opponent), within `timeoutMs`. */
  async bestMove(ggf: string, timeoutMs: number): Promise<EngineAnswer> {
    if (!this.alive) return { ok: false, reason: "exited", detail: this.exitNote ?? "not running" };
    // A ping first: any answer still in flight from an earlier question is read and dropped before it.
    if (!(await this.ping(timeoutMs))) return this.failure(timeoutMs);
    this.send(`set game ${ggf}`);
    this.send("go");
    const line = await this.next((text) => text.startsWith("==="), timeoutMs);
    if (line === null) return this.failure(timeoutMs);
    const move = /^===\s*([a-h][1-8]|pa)(?![a-z0-9])/i.exec(line)?.[1];
    if (move === undefined) return { ok: false, reason: "bad-answer", detail: `'${line.slice(0, 80)}'` };
    return { ok: true, move: move.toLowerCase() };
  }

  /** Asks the engine to quit, and kills it if it has not within a second. */
  stop(): void {
    if (!this.alive) return;
    this.send("quit");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 1_000);
    timer.unref();
    this.child.once("exit", () => clearTimeout(timer));
  }

  private failure(timeoutMs: number): EngineAnswer {
    return this.alive
      ? { ok: false, reason: "timeout", detail: `no answer in ${timeoutMs} ms` }
      : { ok: false, reason: "exited", detail: this.exitNote ?? "exited" };
  }

  private async ping(timeoutMs: number): Promise<boolean> {
    const n = ++this.pings;
    this.send(`ping ${n}`);
    return (await this.next((line) => line === `pong ${n}`, timeoutMs)) !== null;
  }

  private send(line: string): void {
    if (this.alive) this.child.stdin?.write(`${line}\n`);
  }

  private heard(line: string): void {
    const index = this.waiters.findIndex((waiter) => waiter.match(line));
    if (index < 0) return;
    const [waiter] = this.waiters.splice(index, 1);
    waiter?.done(line);
  }

  /** The next line that `match`es, or null when the engine exits or `timeoutMs` passes first. */
  private next(match: (line: string) => boolean, timeoutMs: number): Promise<string | null> {
    if (!this.alive) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        match,
        done: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(
        () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          resolve(null);
        },
        Math.max(0, timeoutMs),
      );
      this.waiters.push(waiter);
    });
  }
}
