// Issue 26, "Look-alike names": a guest could take an account's exact name or a look-alike (zero-width
// joiner, U+034F, Cyrillic letters), and chat lines did not mark accounts. Guest names are now checked
// against accounts' names and their skeletons (Unicode TR39) on every way a name is set, accounts refuse
// a name that looks like another's, and every UserRef says whether it is an account.
import { beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type RoomsResponse } from "@arena/protocol";
import { type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { startOthello } from "../test-support/play.js";

const PASSWORD = "correct horse battery";

const arena = useServers();
let server: TestServer;
beforeEach(async () => {
  server = await arena.start({ clock: new FakeClock(Date.now()) });
});

async function post(path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("names that pass for an account's", () => {
  it.each([
    ["its exact name", "Alice", "name-taken", "'Alice' is an account's name; guests cannot use it"],
    ["its name in another case", "ALICE", "name-taken", "'ALICE' is an account's name; guests cannot use it"],
    [
      "a zero-width joiner inside",
      "Al\u200Dice",
      "name-confusable",
      "'Al\u200Dice' looks like the account name 'Alice'",
    ],
    ["U+034F inside", "Al\u034Fice", "name-confusable", "'Al\u034Fice' looks like the account name 'Alice'"],
    [
      "Cyrillic letters",
      "\u0410li\u0441e",
      "name-confusable",
      "'\u0410li\u0441e' looks like the account name 'Alice'",
    ],
    ["a capital I for the l", "AIice", "name-confusable", "'AIice' looks like the account name 'Alice'"],
  ])("refuses a guest %s, over HTTP and on the socket", async (_what, name, code, message) => {
    expect((await post("/api/accounts", { name: "Alice", password: PASSWORD })).status).toBe(201);
    const session = await post("/api/session", { name });
    expect(session).toEqual({ status: 409, body: { ok: false, code, message } });
    const guest = await arena.connect();
    expect(await guest.call("session:rename", { name })).toEqual({ ok: false, code, message });
  });

  it("refuses an account name that looks like another account's", async () => {
    expect((await post("/api/accounts", { name: "Alice", password: PASSWORD })).status).toBe(201);
    for (const name of ["AIice", "A1ice"]) {
      expect(await post("/api/accounts", { name, password: PASSWORD })).toEqual({
        status: 409,
        body: { ok: false, code: "name-confusable", message: `'${name}' looks like another player's name` },
      });
    }
    expect((await post("/api/accounts", { name: "Alicia", password: PASSWORD })).status).toBe(201);
  });

  it("lets a guest take a name no account looks like", async () => {
    expect((await post("/api/accounts", { name: "Alice", password: PASSWORD })).status).toBe(201);
    const guest = await arena.connect();
    const renamed = await guest.call("session:rename", { name: "Alicia" });
    expect(renamed.ok && renamed.user.name).toBe("Alicia");
  });
});

describe("accounts are marked apart from guests", () => {
  it("in seats, in the lobby's lists and in chat lines", async () => {
    const registered = await post("/api/accounts", { name: "Alice", password: PASSWORD });
    const alice = await arena.connect(registered.body.token as string);
    const guest = await arena.connect();
    expect(alice.session?.user).toMatchObject({ name: "Alice", account: true });
    expect(guest.session?.user.account).toBeUndefined();
    const { matchId } = await startOthello(alice, guest, { baseMs: 180_000, incrementMs: 2_000 });

    const seats = (await guest.snapshot(matchId)).seats.map((seat) =>
      seat.kind === "human" ? seat.user : null,
    );
    expect(seats.map((user) => [user?.name, user?.account === true])).toEqual([
      ["Alice", true],
      [guest.session?.user.name, false],
    ]);
    const lobby = (await (await fetch(`${server.url}/api/rooms?status=live`)).json()) as RoomsResponse;
    const listed = lobby.rooms.find((room) => room.matchId === matchId);
    expect(listed?.host).toMatchObject({ name: "Alice", account: true });

    for (const [speaker, text] of [
      [alice, "hello"],
      [guest, "hi"],
    ] as const) {
      const said = await speaker.call("chat:say", { matchId, channel: "players", text });
      if (!said.ok) throw new Error(said.code);
    }
    await alice.until((c) => c.chat.length >= 2, "both lines");
    expect(alice.chat.map((line) => [line.text, line.author.account])).toEqual([
      ["hello", true],
      ["hi", false],
    ]);
  });
});
