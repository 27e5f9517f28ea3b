// Bots as seats (docs/protocol.md, "Invitations by name"; docs/cli.md, "arena bot"): invitations by name
// over real sockets, and the real `arena bot` process (the built CLI: turbo builds it before these tests)
// playing against a scripted human, through an engine crash and a server restart.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type BotsOnline, type MatchId, type Snapshot } from "@arena/protocol";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { MemorySessionStore } from "../store/memory/sessions.js";
import { systemClock } from "../clocks/scheduler.js";
import { BOTS_CACHE_MS } from "../http/bots-api.js";
import { type Client } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { finishedTournament } from "../test-support/tournaments.js";
import { firstLegal } from "../test-support/play.js";
import { killHard, startProduct, TWO_BOOTS_TEST_MS } from "../test-support/product.js";
import { BOTS_ROOM } from "../protocol/sockets.js";

const ARENA = resolve(dirname(fileURLToPath(import.meta.url)), "../../../cli/bin/arena.js");
const NBOARD = `"${process.execPath}" "${ARENA}" nboard`;
const PASSWORD = "correct horse battery staple";
const blitz = { baseMs: 300_000, incrementMs: 2_000 };
const folder = mkdtempSync(join(tmpdir(), "arena-bot-"));

const arena = useServers();
const bots: BotProcess[] = [];

// Registered after the fixture's, so it runs first: the bots stop before their clients and servers close.
afterEach(async () => {
  for (const bot of bots.splice(0)) await bot.stop();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function register(url: string, name: string, bot = false): Promise<string> {
  const response = await fetch(`${url}/api/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password: PASSWORD, bot }),
  });
  const body = (await response.json()) as { ok: boolean; token?: string; code?: string };
  if (!body.ok || body.token === undefined) throw new Error(`register ${name}: ${body.code ?? "?"}`);
  return body.token;
}

function connect(url: string, token?: string, reconnect = false): Promise<Client> {
  return arena.connectTo(url, token, { reconnect });
}

async function until(predicate: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

interface BotProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | string>;
  output(): string;
  stop(): Promise<number | string>;
}

/** `arena bot` as a process of its own, as people run it. */
function startBot(url: string, name: string, engine = NBOARD, extra: readonly string[] = []): BotProcess {
  const child = spawn(
    process.execPath,
    [ARENA, "bot", "--server", url, "--engine", engine, "--register", "--depth", "2", ...extra],
    {
      env: { ...process.env, ARENA_BOT_NAME: name, ARENA_BOT_PASSWORD: PASSWORD },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((done) =>
    child.on("exit", (code, signal) => done(code ?? signal ?? "unknown")),
  );
  const bot: BotProcess = {
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  bots.push(bot);
  return bot;
}

/** A scripted human: plays the first legal move whenever `seat` is to move, until the match is over. */
async function humanPlays(
  client: Client,
  matchId: MatchId,
  seat: number,
  timeoutMs = 60_000,
  maxMoves = Infinity,
): Promise<Snapshot> {
  const deadline = Date.now() + timeoutMs;
  let moves = 0;
  while (Date.now() < deadline) {
    const snapshot = await client.snapshot(matchId).catch(() => null);
    if (snapshot !== null) {
      if ((snapshot.status !== "live" && snapshot.status !== "waiting") || moves >= maxMoves) return snapshot;
      const next = snapshot.status === "live" ? firstLegal(snapshot) : null;
      if (next !== null && next.seat === seat) {
        const moved = await client.call("match:move", {
          matchId,
          version: snapshot.version,
          move: next.move,
        });
        if (moved.ok) moves++;
        continue;
      }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error("the match did not end");
}

async function createInviting(host: Client, name: string, botSeat: number, rated = false) {
  return host.call("room:create", {
    gameId: "othello",
    timeControl: blitz,
    seats:
      botSeat === 0
        ? [{ kind: "invite", name }, { kind: "open" }]
        : [{ kind: "open" }, { kind: "invite", name }],
    sit: 1 - botSeat,
    rated,
  });
}

describe("invitations by name", () => {
  it("reach the invitee's sockets, keep the seat for it alone, and wait for it until it connects", async () => {
    const server = await arena.start();
    const hostToken = await register(server.url, "Hostie");
    const botToken = await register(server.url, "Iagoish", true);
    const host = await connect(server.url, hostToken);
    const bot = await connect(server.url, botToken);
    const created = await createInviting(host, "iagoish", 1);
    if (!created.ok) throw new Error(created.code);
    await until(() => bot.invitations.length === 1, "the invitation");
    expect(bot.invitations[0]).toMatchObject({
      matchId: created.matchId,
      seat: 1,
      gameId: "othello",
      rated: false,
      host: { name: "Hostie" },
    });
    const snapshot = await host.snapshot(created.matchId);
    expect(snapshot.seats[1]).toMatchObject({ kind: "invite", invitee: { name: "Iagoish" } });

    // Nobody else takes the seat, not even with the room's invite link.
    const stranger = await connect(server.url);
    const join = { matchId: created.matchId, version: snapshot.version, seat: 1 };
    expect(
      await stranger.call("room:join-seat", { ...join, inviteToken: created.inviteToken }),
    ).toMatchObject({
      ok: false,
      code: "forbidden",
    });

    expect(await bot.call("room:join-seat", join)).toMatchObject({ ok: true, seat: 1 });
    expect((await host.snapshot(created.matchId)).status).toBe("live");
  });

  it("are sent on connecting while the seat still waits", async () => {
    const server = await arena.start();
    const host = await connect(server.url, await register(server.url, "Hostie"));
    const botToken = await register(server.url, "Iagoish", true);
    const created = await createInviting(host, "Iagoish", 0);
    if (!created.ok) throw new Error(created.code);
    // Heard by a socket of the bot that connects after the room was made.
    const late = await connect(server.url, botToken);
    await until(() => late.invitations.length === 1, "the pending invitation");
    expect(late.invitations[0]).toMatchObject({ matchId: created.matchId, seat: 0 });
  });

  it("are refused for an unknown name, and for a bot in a rated room", async () => {
    const server = await arena.start();
    const host = await connect(server.url, await register(server.url, "Hostie"));
    await register(server.url, "Iagoish", true);
    await register(server.url, "Person");
    expect(await createInviting(host, "Nobody", 1)).toMatchObject({ ok: false, code: "not-found" });
    expect(await createInviting(host, "Iagoish", 1, true)).toMatchObject({
      ok: false,
      code: "not-rated-eligible",
    });
    // A person may be invited to a rated room.
    expect(await createInviting(host, "Person", 1, true)).toMatchObject({ ok: true });
  });

  it("can be made in a waiting room by its host with room:invite, and are refused otherwise", async () => {
    const server = await arena.start();
    const host = await connect(server.url, await register(server.url, "Hostie"));
    const botToken = await register(server.url, "Iagoish", true);
    const bot = await connect(server.url, botToken);
    const other = await connect(server.url, await register(server.url, "Person"));
    const created = await host.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.code);
    const { matchId } = created;
    const invite = (client: Client, name: string, version: number) =>
      client.call("room:invite", { matchId, version, seat: 1, name });
    expect(await invite(other, "Iagoish", created.version)).toMatchObject({ ok: false, code: "not-host" });
    expect(await invite(host, "Nobody", created.version)).toMatchObject({ ok: false, code: "not-found" });
    const invited = await invite(host, "Iagoish", created.version);
    if (!invited.ok) throw new Error(invited.code);
    await until(() => bot.invitations.length === 1, "the invitation");
    expect(bot.invitations[0]).toMatchObject({ matchId, seat: 1, host: { name: "Hostie" } });
    expect(await other.call("room:join-seat", { matchId, version: invited.version, seat: 1 })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    const joined = await bot.call("room:join-seat", { matchId, version: invited.version, seat: 1 });
    if (!joined.ok) throw new Error(joined.code);
    await bot.call("match:resign", { matchId, version: (await bot.snapshot(matchId)).version });
    // The match is over: no more invitations into it.
    const over = await host.snapshot(matchId);
    expect(over.status).toBe("finished");
    expect(await invite(host, "Person", over.version)).toMatchObject({ ok: false, code: "forbidden" });

    // A rated room: a person may be invited, a bot may not.
    const rated = await host.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
      rated: true,
    });
    if (!rated.ok) throw new Error(rated.code);
    expect(
      await host.call("room:invite", {
        matchId: rated.matchId,
        version: rated.version,
        seat: 1,
        name: "Iagoish",
      }),
    ).toMatchObject({ ok: false, code: "not-rated-eligible" });
    expect(
      await host.call("room:invite", {
        matchId: rated.matchId,
        version: rated.version,
        seat: 1,
        name: "Person",
      }),
    ).toMatchObject({ ok: true });
  });

  it("lists the bots connected now at GET /api/bots", async () => {
    const server = await arena.start();
    await connect(server.url, await register(server.url, "Hostie"));
    const bot = await connect(server.url, await register(server.url, "Iagoish", true));
    const list = async () => (await (await fetch(`${server.url}/api/bots`)).json()) as BotsOnline;
    expect((await list()).bots.map((b) => b.name)).toEqual(["Iagoish"]);
    bot.close();
    // Answers are served again for BOTS_CACHE_MS: the list empties within it.
    await expect.poll(async () => (await list()).bots.length, { timeout: 3 * BOTS_CACHE_MS }).toBe(0);
  });
});

/**
 * Waits for the bot's own word that it is connected. A Node process that imports the CLI and the engine
 * took more than 20 s to get there on CI's loaded 2 cores, beside the browser tests.
 */
async function botConnected(bot: BotProcess, name = "Iagoish"): Promise<void> {
  await expect.poll(() => bot.output(), { timeout: BOT_START_MS }).toContain(`connected as ${name}`);
}
const BOT_START_MS = 60_000;

describe("arena bot", { timeout: BOT_START_MS + 120_000 }, () => {
  it("takes the seat it is invited to and plays a full game against a person", async () => {
    const server = await arena.start({ clock: systemClock });
    const host = await connect(server.url, await register(server.url, "Hostie"));
    const bot = startBot(server.url, "Iagoish");
    await botConnected(bot);
    await expect
      .poll(async () => ((await (await fetch(`${server.url}/api/bots`)).json()) as BotsOnline).bots.length, {
        timeout: 3 * BOTS_CACHE_MS,
      })
      .toBe(1);
    const created = await createInviting(host, "Iagoish", 0);
    if (!created.ok) throw new Error(created.code);
    const end = await humanPlays(host, created.matchId, 1);
    expect(end.status).toBe("finished");
    expect(end.result?.reason).toBe("normal");
    expect(end.seats[0]).toMatchObject({ kind: "human", user: { name: "Iagoish" } });
    // Both sides moved: the bot played black's moves (the first is always black's).
    expect(end.moves[0]?.seat).toBe(0);
    expect(end.moves.filter((m) => m.seat === 0 && !m.forced).length).toBeGreaterThan(5);
    expect(bot.output()).toContain(`${created.matchId} is over`);
    // SIGTERM: it disconnects and exits 0, resigning nothing.
    expect(await bot.stop()).toBe(0);
    expect(bot.output()).not.toContain("resigning");
    expect(bot.output()).not.toContain(PASSWORD);
  });

  it("plays the boards of a tournament it was entered in by name, both colours, to the tournament's end", async () => {
    const server = await arena.start({ clock: systemClock, config: { roundGapMs: 50 } });
    const creator = await register(server.url, "Director");
    const bot = startBot(server.url, "Iagoish");
    await botConnected(bot);
    const post = (path: string, body: unknown = {}) =>
      fetch(`${server.url}/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${creator}` },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ ok: boolean; id?: string; code?: string }>);
    const settings = { gameId: "othello", format: "round-robin", double: true, timeControl: blitz };
    // People join themselves; only bots are entered by name.
    await register(server.url, "Person");
    expect(
      await post("/tournaments", { ...settings, entrants: [{ kind: "bot", name: "Person" }] }),
    ).toMatchObject({ ok: false, code: "bad-settings" });
    expect(
      await post("/tournaments", { ...settings, entrants: [{ kind: "bot", name: "Nobody" }] }),
    ).toMatchObject({ ok: false, code: "not-found" });
    const created = await post("/tournaments", {
      ...settings,
      entrants: [
        { kind: "bot", name: "iagoish" },
        { kind: "ai", level: 1 },
      ],
    });
    const id = created.id ?? "";
    expect(await post(`/tournaments/${id}/start`)).toMatchObject({ ok: true });
    const view = await finishedTournament(server.url, id, 120_000);
    expect(view?.status, bot.output()).toBe("finished");
    const games = view?.roundsPlayed.flatMap((r) => r.pairings) ?? [];
    expect(games).toHaveLength(2);
    // Each board was played out on the board, the bot moving in both: no no-show, no flag.
    for (const game of games) {
      const match = (await (await fetch(`${server.url}/api/matches/${game.matchId ?? ""}`)).json()) as {
        match: { result: { reason: string } | null };
      };
      expect(match.match.result?.reason, bot.output()).toBe("normal");
      expect(bot.output()).toContain(`playing ${game.matchId ?? ""}`);
    }
    expect(view?.standings.find((s) => s.name === "Iagoish")).toMatchObject({ kind: "bot", games: 2 });
  });

  it("resigns cleanly when its engine crashes, and starts it again for the next game", async () => {
    const crashing = join(folder, "crash-on-go.mjs");
    writeFileSync(
      crashing,
      `import { createInterface } from "node:readline";
for await (const line of createInterface({ input: process.stdin })) {
  const [command, ...rest] = line.trim().split(/\\s+/);
  if (command === "ping") console.log("pong " + rest.join(" "));
  if (command === "go") process.exit(3);
}
`,
    );
    const server = await arena.start({ clock: systemClock });
    const host = await connect(server.url, await register(server.url, "Hostie"));
    const bot = startBot(server.url, "Iagoish", `"${process.execPath}" "${crashing}"`);
    await botConnected(bot);
    for (let game = 1; game <= 2; game++) {
      const created = await createInviting(host, "Iagoish", 0);
      if (!created.ok) throw new Error(created.code);
      const end = await humanPlays(host, created.matchId, 1, 30_000);
      expect(end.status).toBe("finished");
      expect(end.result).toMatchObject({ reason: "resign", winners: [1] });
    }
    // The log line is written before the resignation is sent, but reaches this process by another pipe.
    await expect
      .poll(() => bot.output().match(/resigning m_[\w-]+: the engine failed \(exited: exited with code 3\)/g))
      .toHaveLength(2);
  });

  it("logs in again when the server no longer takes its token, and plays on", async () => {
    const sessions = new MemorySessionStore();
    const server = await arena.start({ clock: systemClock, sessions });
    const host = await connect(server.url, await register(server.url, "Hostie"));
    const bot = startBot(server.url, "Iagoish");
    await botConnected(bot);
    // Its session ends (as at a logout) and its connection drops: socket.io reconnects with the old token,
    // which now makes it a guest.
    const [socket] = await server.app.io.in(BOTS_ROOM).fetchSockets();
    const sessionId = socket?.data.account?.sessionId;
    if (socket === undefined || sessionId === undefined) throw new Error("the bot is not connected");
    await sessions.end(sessionId);
    server.app.io.of("/").sockets.get(socket.id)?.conn.close();
    await expect.poll(() => bot.output(), { timeout: 20_000 }).toContain("the server did not take the token");
    await expect
      .poll(() => bot.output().match(/connected as Iagoish/g)?.length ?? 0, { timeout: 20_000 })
      .toBe(2);
    const created = await createInviting(host, "Iagoish", 1);
    if (!created.ok) throw new Error(created.code);
    await expect
      .poll(async () => (await host.snapshot(created.matchId)).seats[1], { timeout: 20_000 })
      .toMatchObject({ kind: "human", user: { name: "Iagoish" } });
  });

  it("declines a game other than Othello", async () => {
    const server = await arena.start();
    const host = await connect(server.url, await register(server.url, "Hostie"));
    const bot = startBot(server.url, "Iagoish");
    await botConnected(bot);
    const created = await host.call("room:create", {
      gameId: "connect-k",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "invite", name: "Iagoish" }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.code);
    await expect.poll(() => bot.output(), { timeout: 10_000 }).toContain(`declined ${created.matchId}`);
    expect((await host.snapshot(created.matchId)).seats[1]).toMatchObject({ kind: "invite" });
  });

  it(
    "reconnects after the server restarts on the same data and finishes the game",
    { timeout: TWO_BOOTS_TEST_MS },
    async () => {
      const dataDir = join(folder, "data");
      const first = await startProduct({ DATA_DIR: dataDir });
      arena.defer(() => killHard(first));
      const host = await connect(first.url, await register(first.url, "Hostie"), true);
      const bot = startBot(first.url, "Iagoish");
      await botConnected(bot);
      const created = await createInviting(host, "Iagoish", 0);
      if (!created.ok) throw new Error(created.code);
      const matchId = created.matchId;
      // A few moves each, then the server goes down hard and comes back on the same port and folder.
      await humanPlays(host, matchId, 1, 60_000, 4);
      const before = (await host.snapshot(matchId)).moves.length;
      expect(before).toBeGreaterThan(2);
      await killHard(first);
      const second = await startProduct({ DATA_DIR: dataDir }, first.port);
      arena.defer(() => killHard(second));
      await expect
        .poll(() => bot.output(), { timeout: 30_000 })
        .toMatch(/connected as Iagoish[\s\S]*connected as Iagoish/);
      const end = await humanPlays(host, matchId, 1, 90_000);
      expect(end.status).toBe("finished");
      expect(end.result?.reason, bot.output()).toBe("normal");
      expect(end.moves.length).toBeGreaterThan(before);
    },
  );
});
