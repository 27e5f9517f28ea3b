// Chat over real sockets (docs/protocol.md, "Chat"): channels kept apart, mutes, the host's switch, the
// rate limit, the replay of a finished match, and the lines kept across a restart on SQLite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChatChannel, type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { SqliteStore } from "../store/sqlite/matches.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { type ServerOptions, useServers } from "../test-support/servers.js";
import { playOut, startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

const arena = useServers();

const serve = (options: ServerOptions = {}): Promise<TestServer> =>
  arena.start({ clock: new FakeClock(), ...options });

/** An Othello game between Black (the host) and White, and a spectator watching it. */
async function gameWithSpectator(server: TestServer) {
  const black = await arena.connectTo(server);
  const white = await arena.connectTo(server);
  const spectator = await arena.connectTo(server);
  const { matchId } = await startOthello(black, white, blitz);
  await spectator.snapshot(matchId);
  return { black, white, spectator, matchId };
}

function say(client: Client, matchId: MatchId, channel: ChatChannel, text: string) {
  return client.call("chat:say", { matchId, channel, text });
}

const texts = (client: Client, matchId: MatchId) =>
  client.chat.filter((line) => line.matchId === matchId).map((line) => line.text);

/** Waits for a line, then lets anything else in flight arrive (for checks that a line did not). */
async function settle(client: Client, matchId: MatchId, text: string): Promise<void> {
  await client.until(() => texts(client, matchId).includes(text), `"${text}"`);
  const probe = await client.call("chat:history", { matchId });
  expect(probe.ok).toBe(true);
}

async function history(client: Client, matchId: MatchId) {
  const ack = await client.call("chat:history", { matchId });
  if (!ack.ok) throw new Error(`${ack.code}: ${ack.message}`);
  return ack;
}

describe("chat in a room (memory store, fake clock)", () => {
  it("keeps the players' and the spectators' channels apart during the game", async () => {
    const server = await serve();
    const { black, white, spectator, matchId } = await gameWithSpectator(server);
    const other = await arena.connectTo(server);
    await other.snapshot(matchId);

    const said = await say(black, matchId, "players", "good luck");
    expect(said).toMatchObject({ ok: true, line: { channel: "players", text: "good luck" } });
    expect(said.ok && said.line.author).toEqual({ ...black.session?.user, account: false, bot: false });
    await settle(white, matchId, "good luck");

    expect(await say(spectator, matchId, "spectators", "nice opening")).toMatchObject({ ok: true });
    await settle(other, matchId, "nice opening");
    // Each side heard only its own channel.
    await settle(black, matchId, "good luck");
    expect(texts(black, matchId)).toEqual(["good luck"]);
    expect(texts(white, matchId)).toEqual(["good luck"]);
    expect(texts(spectator, matchId)).toEqual(["nice opening"]);
    expect(texts(other, matchId)).toEqual(["nice opening"]);

    // Nobody writes in the other side's channel.
    expect(await say(white, matchId, "spectators", "hi")).toMatchObject({ ok: false, code: "forbidden" });
    expect(await say(spectator, matchId, "players", "hint: c4")).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    // Nor reads it back through the history.
    expect(await history(white, matchId)).toMatchObject({ channels: ["players"], muted: [] });
    expect((await history(white, matchId)).lines.map((l) => l.text)).toEqual(["good luck"]);
    expect((await history(spectator, matchId)).lines.map((l) => l.text)).toEqual(["nice opening"]);
  });

  it("sends HTML and script as text, strips controls, and refuses empty and oversized lines", async () => {
    const server = await serve();
    const { black, white, matchId } = await gameWithSpectator(server);
    const script = "<script>alert(1)</script>";
    expect(await say(black, matchId, "players", script)).toMatchObject({ ok: true, line: { text: script } });
    await settle(white, matchId, script);
    expect(await say(black, matchId, "players", "\u202Egg\u0007\nwp")).toMatchObject({
      ok: true,
      line: { text: "gg wp" },
    });
    expect(await say(black, matchId, "players", " \u0000\t ")).toMatchObject({
      ok: false,
      code: "chat-empty",
    });
    expect(await say(black, matchId, "players", "x".repeat(141))).toMatchObject({
      ok: false,
      code: "chat-too-long",
    });
    expect(await say(black, matchId, "players", "x".repeat(140))).toMatchObject({ ok: true });
    // A payload past the gateway's size limit is refused before it is parsed.
    expect(await say(black, matchId, "players", "x".repeat(9_000))).toMatchObject({
      ok: false,
      code: "payload-too-large",
    });
    expect((await history(white, matchId)).lines.map((l) => l.text)).toEqual([
      script,
      "gg wp",
      "x".repeat(140),
    ]);
  });

  it("lets a player mute the opponent, kept by the server across a reconnect", async () => {
    const server = await serve();
    const { black, white, spectator, matchId } = await gameWithSpectator(server);
    const blackId = black.session?.user.id ?? "";
    expect(await white.call("chat:mute", { matchId, userId: blackId, muted: true })).toEqual({
      ok: true,
      muted: [blackId],
    });
    expect(await say(black, matchId, "players", "you will lose")).toMatchObject({ ok: true });
    expect(await say(white, matchId, "players", "we will see")).toMatchObject({ ok: true });
    await settle(black, matchId, "we will see");
    await settle(white, matchId, "we will see");
    expect(texts(white, matchId)).toEqual(["we will see"]);
    expect(texts(black, matchId)).toEqual(["you will lose", "we will see"]);

    // White reloads: the mute holds, in the history and for new lines.
    white.close();
    const again = await arena.connectTo(server, white.session?.token);
    const reloaded = await history(again, matchId);
    expect(reloaded.muted).toEqual([blackId]);
    expect(reloaded.lines.map((l) => l.text)).toEqual(["we will see"]);
    await again.snapshot(matchId);
    await say(black, matchId, "players", "still there?");
    await say(again, matchId, "players", "unmuting");
    await settle(again, matchId, "unmuting");
    expect(texts(again, matchId)).toEqual(["unmuting"]);

    expect(await again.call("chat:mute", { matchId, userId: blackId, muted: false })).toEqual({
      ok: true,
      muted: [],
    });
    await say(black, matchId, "players", "hello again");
    await settle(again, matchId, "hello again");
    // Only players mute, and only another player.
    expect(await spectator.call("chat:mute", { matchId, userId: blackId, muted: true })).toMatchObject({
      ok: false,
      code: "not-your-seat",
    });
    const spectatorId = spectator.session?.user.id ?? "";
    expect(await black.call("chat:mute", { matchId, userId: spectatorId, muted: true })).toMatchObject({
      ok: false,
      code: "not-found",
    });
  });

  it("lets the host close and reopen the spectators' channel, as a match event", async () => {
    const server = await serve();
    const { black, white, spectator, matchId } = await gameWithSpectator(server);
    let version = (await black.snapshot(matchId)).version;
    expect(await white.call("room:spectator-chat", { matchId, version, open: false })).toMatchObject({
      ok: false,
      code: "not-host",
    });
    const closed = await black.call("room:spectator-chat", { matchId, version, open: false });
    expect(closed).toEqual({ ok: true, version: version + 1 });
    await spectator.until(
      (c) => c.events.some((e) => e.matchId === matchId && e.event.type === "spectator-chat"),
      "the switch",
    );
    expect((await spectator.snapshot(matchId)).spectatorChat).toBe(false);
    expect(await say(spectator, matchId, "spectators", "hello?")).toMatchObject({
      ok: false,
      code: "chat-closed",
    });
    // The players' channel is not the host's to close.
    expect(await say(white, matchId, "players", "still here")).toMatchObject({ ok: true });

    version = (await black.snapshot(matchId)).version;
    expect(await black.call("room:spectator-chat", { matchId, version, open: true })).toMatchObject({
      ok: true,
    });
    expect(await say(spectator, matchId, "spectators", "hello!")).toMatchObject({ ok: true });
  });

  it("rate-limits a flood per user and match, and says when to try again", async () => {
    const clock = new FakeClock();
    const server = await serve({ clock });
    const { black, white, matchId } = await gameWithSpectator(server);
    const acks = [];
    for (let i = 0; i < 8; i++) acks.push(await say(black, matchId, "players", `spam ${i}`));
    expect(acks.filter((ack) => ack.ok)).toHaveLength(5);
    const refused = acks[5];
    expect(refused).toMatchObject({ ok: false, code: "rate-limited" });
    const retryAfterMs =
      refused !== undefined && !refused.ok && "retryAfterMs" in refused ? refused.retryAfterMs : 0;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(10_000);
    // The other player is not held back by it; the refused lines were never stored or sent.
    expect(await say(white, matchId, "players", "calm down")).toMatchObject({ ok: true });
    await settle(white, matchId, "calm down");
    expect(texts(white, matchId)).toEqual(["spam 0", "spam 1", "spam 2", "spam 3", "spam 4", "calm down"]);
    clock.advance(retryAfterMs as number);
    expect(await say(black, matchId, "players", "sorry")).toMatchObject({ ok: true });
  });

  it("sends a quick phrase by its id, refuses an unknown id, and counts phrases with the lines", async () => {
    const server = await serve();
    const { black, white, spectator, matchId } = await gameWithSpectator(server);
    const sent = await black.call("chat:phrase", { matchId, channel: "players", phrase: "good-luck" });
    expect(sent).toMatchObject({ ok: true, line: { channel: "players", phrase: "good-luck", text: "" } });
    await white.until(
      () => white.chat.some((line) => line.matchId === matchId && line.phrase === "good-luck"),
      "the phrase",
    );
    expect((await history(white, matchId)).lines.map((line) => line.phrase)).toEqual(["good-luck"]);
    // A spectator cannot send one into the players' channel; an id not in the list never reaches a room.
    expect(
      await spectator.call("chat:phrase", { matchId, channel: "players", phrase: "good-game" }),
    ).toMatchObject({ ok: false, code: "forbidden" });
    expect(
      await black.call("chat:phrase", { matchId, channel: "players", phrase: "<b>gg</b>" as "good-game" }),
    ).toMatchObject({ ok: false, code: "invalid-payload" });
    // Phrases and typed lines share the flood limit (5 per 10 s): one phrase and four lines, then refused.
    for (let i = 0; i < 4; i++) await say(black, matchId, "players", `line ${i}`);
    expect(await black.call("chat:phrase", { matchId, channel: "players", phrase: "thanks" })).toMatchObject({
      ok: false,
      code: "rate-limited",
    });
  });

  it("shows both channels, labelled, to everyone once the match is over", async () => {
    const server = await serve();
    const { black, white, spectator, matchId } = await gameWithSpectator(server);
    await say(black, matchId, "players", "gl");
    await say(spectator, matchId, "spectators", "who wins?");
    await playOut(matchId, [black, white], black);
    await spectator.until((c) => c.ended(matchId), "the end");
    for (const client of [black, spectator]) {
      const replay = await history(client, matchId);
      expect(replay.channels).toEqual(["players", "spectators"]);
      expect(replay.lines.map((l) => [l.channel, l.text])).toEqual([
        ["players", "gl"],
        ["spectators", "who wins?"],
      ]);
    }
    // After the end a line reaches every follower.
    await say(white, matchId, "players", "gg");
    await settle(spectator, matchId, "gg");
    // A late visitor reads the whole chat with the replay.
    const late = await arena.connectTo(server);
    expect((await history(late, matchId)).lines.map((l) => l.text)).toEqual(["gl", "who wins?", "gg"]);
  });
});

describe("chat on SQLite", () => {
  it("keeps the lines and mutes across a restart", async () => {
    const folder = mkdtempSync(join(tmpdir(), "arena-chat-"));
    arena.defer(() => rmSync(folder, { recursive: true, force: true }));
    const file = join(folder, "arena.db");
    const open = async () => {
      const opened = await SqliteStore.open(file);
      if (!opened.ok) throw new Error(opened.problem.message);
      return opened.value;
    };
    const config = { secret: "chat-restart-secret" };
    let store = await open();
    let server = await serve({ store, config });
    const { black, white, matchId } = await gameWithSpectator(server);
    await say(black, matchId, "players", "<i>before</i> the restart");
    await black.call("chat:mute", { matchId, userId: white.session?.user.id ?? "", muted: true });
    await say(white, matchId, "players", "muted line");
    const tokens = [black.session?.token, white.session?.token];
    await arena.closeServers();
    await store.close();

    store = await open();
    server = await serve({ store, config });
    const blackAgain = await arena.connectTo(server, tokens[0]);
    const whiteAgain = await arena.connectTo(server, tokens[1]);
    expect((await history(whiteAgain, matchId)).lines.map((l) => l.text)).toEqual([
      "<i>before</i> the restart",
      "muted line",
    ]);
    const blacks = await history(blackAgain, matchId);
    expect(blacks.lines.map((l) => l.text)).toEqual(["<i>before</i> the restart"]);
    expect(blacks.muted).toEqual([white.session?.user.id]);
    await arena.closeServers();
    await store.close();
  });
});
