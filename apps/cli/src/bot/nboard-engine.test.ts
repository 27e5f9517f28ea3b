// The NBoard driver against real engines: the built `arena nboard` (turbo builds the CLI before its tests),
// and small script engines that crash on "go", never answer it, or answer nonsense.
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Othello } from "@arena/engine";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { NboardEngine } from "./nboard-engine.js";

const ARENA = resolve(dirname(fileURLToPath(import.meta.url)), "../../bin/arena.js");
const NBOARD = `"${process.execPath}" "${ARENA}" nboard`;
const folder = mkdtempSync(join(tmpdir(), "arena-nboard-"));
const engines: NboardEngine[] = [];

afterEach(() => {
  for (const engine of engines.splice(0)) engine.stop();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A script engine: answers ping like an NBoard engine, and does `onGo` when asked to move. */
function scriptEngine(name: string, onGo: string): string {
  const file = join(folder, `${name}.mjs`);
  writeFileSync(
    file,
    `import { createInterface } from "node:readline";
for await (const line of createInterface({ input: process.stdin })) {
  const [command, ...rest] = line.trim().split(/\\s+/);
  if (command === "ping") console.log("pong " + rest.join(" "));
  if (command === "go") { ${onGo} }
  if (command === "quit") process.exit(0);
}
`,
  );
  return `"${process.execPath}" "${file}"`;
}

async function start(command: string, depth?: number): Promise<NboardEngine> {
  const logged: string[] = [];
  const engine = await NboardEngine.start(command, {
    ...(depth === undefined ? {} : { depth }),
    log: (line) => logged.push(line),
  });
  if (engine === null) throw new Error(`the engine did not start: ${logged.join("; ")}`);
  engines.push(engine);
  return engine;
}

const ggf = (moves: readonly string[]): string => {
  const start = Othello.othello.initial({}, 1);
  let state = start;
  const played: number[] = [];
  for (const token of moves) {
    const move = Othello.othello.parseMove(state, token);
    if (!move.ok) throw new Error(token);
    played.push(move.value);
    state = Othello.othello.apply(state, move.value);
  }
  return Othello.formatGgf({ start, moves: played, time: { baseMs: 60_000, incrementMs: 0 } });
};

describe("the NBoard driver", () => {
  it("gets a legal move from arena nboard for each position of a game", async () => {
    const engine = await start(NBOARD, 2);
    const moves: string[] = [];
    let state = Othello.othello.initial({}, 1);
    // Eight plies, asking afresh each time with the whole game, as the bot does.
    for (let ply = 0; ply < 8; ply++) {
      const answer = await engine.bestMove(ggf(moves), 20_000);
      if (!answer.ok) throw new Error(`${answer.reason}: ${answer.detail}`);
      const move = Othello.othello.parseMove(state, answer.move);
      expect(move.ok, `${answer.move} at ply ${ply}`).toBe(true);
      if (!move.ok) return;
      expect(Othello.othello.legalMoves(state)).toContain(move.value);
      state = Othello.othello.apply(state, move.value);
      moves.push(answer.move);
    }
    expect(engine.alive).toBe(true);
  });

  it("reports an engine that exits on go, with its exit code", async () => {
    const engine = await start(scriptEngine("crash", "process.exit(3);"));
    const answer = await engine.bestMove(ggf([]), 5_000);
    expect(answer).toEqual({ ok: false, reason: "exited", detail: "exited with code 3" });
    expect(engine.alive).toBe(false);
    // Asked again, it answers at once without writing to the dead process.
    expect(await engine.bestMove(ggf([]), 5_000)).toMatchObject({ ok: false, reason: "exited" });
  });

  it("reports an engine that does not answer go in time", async () => {
    const engine = await start(scriptEngine("silent", ""));
    const started = performance.now();
    const answer = await engine.bestMove(ggf([]), 300);
    expect(answer).toMatchObject({ ok: false, reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reports an answer that names no move", async () => {
    const engine = await start(scriptEngine("nonsense", 'console.log("=== ??");'));
    expect(await engine.bestMove(ggf([]), 5_000)).toMatchObject({ ok: false, reason: "bad-answer" });
  });

  it("reads a pass and an answer with its evaluation and time", async () => {
    const pass = await start(scriptEngine("pass", 'console.log("=== PA");'));
    expect(await pass.bestMove(ggf([]), 5_000)).toEqual({ ok: true, move: "pa" });
    const full = await start(scriptEngine("full", 'console.log("=== F5/1.50/0.010");'));
    expect(await full.bestMove(ggf([]), 5_000)).toEqual({ ok: true, move: "f5" });
  });

  it("does not start a command that is not an engine", async () => {
    const logged: string[] = [];
    const engine = await NboardEngine.start(`"${process.execPath}" -e "process.exit(1)"`, {
      log: (line) => logged.push(line),
    });
    expect(engine).toBeNull();
    expect(logged.join("\n")).toContain("did not start");
  });
});
