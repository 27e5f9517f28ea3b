import { type MatchId, type Snapshot } from "@arena/protocol";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type Client } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { firstLegal, startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

/**
 * Issue 26, "moves made stale on purpose": a player appended draw offers and spectator-chat switches from
 * several sockets so that every move of the opponent's, based on the version it had seen, was refused
 * `stale-version`. A move is judged against the position now (docs/protocol.md, "Versions").
 */
describe("moves made stale on purpose (issue 26)", () => {
  const arena = useServers({ closeAfter: "all" });

  beforeAll(async () => {
    await arena.start({ clock: new FakeClock() });
  });

  /** A live Othello game: the host (black, seat 0) with `extra` more sockets of theirs, the guest white. */
  async function game(extra: number): Promise<{ host: Client[]; guest: Client; matchId: MatchId }> {
    const black = await arena.connect();
    const guest = await arena.connect();
    const { matchId } = await startOthello(black, guest, blitz);
    const token = black.session?.token;
    if (token === undefined) throw new Error("no session");
    const more = await Promise.all(Array.from({ length: extra }, () => arena.connect(token)));
    return { host: [black, ...more], guest, matchId };
  }

  async function moveFrom(client: Client, matchId: MatchId, seen: Snapshot): Promise<string> {
    const next = firstLegal(seen);
    if (next === null) throw new Error("no legal move");
    const ack = await client.call("match:move", { matchId, version: seen.version, move: next.move });
    return ack.ok ? "ok" : ack.code;
  }

  it("takes every move of a player whose opponent floods offers and chat switches from five sockets", async () => {
    const { host, guest, matchId } = await game(4);
    const [black] = host;
    if (black === undefined) throw new Error("no host");
    const answers = new Map<string, number>();
    const count = (code: string) => answers.set(code, (answers.get(code) ?? 0) + 1);
    let guestMoves = 0;
    while (guestMoves < 10) {
      // Whoever is to move (an Othello pass can give white two turns): black just moves; white moves from
      // the version it saw while black floods, part of it before the move and part racing it.
      const seen = await guest.snapshot(matchId);
      if (seen.status !== "live") throw new Error("the game ended");
      if (firstLegal(seen)?.seat === 0) {
        expect(await moveFrom(black, matchId, seen)).toBe("ok");
        continue;
      }
      const flood = (socket: Client, i: number) => [
        socket.call("match:draw-offer", { matchId, version: seen.version }),
        socket.call("room:spectator-chat", {
          matchId,
          version: seen.version,
          open: (guestMoves + i) % 2 === 0,
        }),
      ];
      const [first, second, ...rest] = host;
      if (first === undefined || second === undefined) throw new Error("no host");
      const early = [...(await Promise.all(flood(first, 0))), ...(await Promise.all(flood(second, 1)))];
      const [moved, ...late] = await Promise.all([
        moveFrom(guest, matchId, seen),
        ...rest.flatMap((socket, i) => flood(socket, i + 2)),
      ]);
      expect(moved).toBe("ok");
      guestMoves++;
      for (const ack of [...early, ...late]) count(ack.ok ? "ok" : ack.code);
    }
    // One offer stood at a time, then one per 20 plies: the rest were refused and appended nothing.
    const after = await guest.snapshot(matchId);
    expect(after.repeats["draw-offered"]).toBe(1);
    expect(answers.get("draw-offer-pending") ?? 0).toBeGreaterThan(0);
    expect(answers.get("draw-offer-too-soon") ?? 0).toBeGreaterThan(0);
    expect(after.repeats["spectator-chat"]).toBeLessThanOrEqual(20);
  });

  it("never refuses a legal move for the other side's commands in between, in any order (property)", async () => {
    type Op =
      | "draw-offer"
      | "draw-decline"
      | "chat-open"
      | "chat-close"
      | "rematch"
      | "claim"
      | "flag"
      | "say"
      | "own-offer";
    const ops = fc.constantFrom<Op>(
      "draw-offer",
      "draw-decline",
      "chat-open",
      "chat-close",
      "rematch",
      "claim",
      "flag",
      "say",
      "own-offer",
    );
    // Per ply: the commands sent before the move, and those racing it.
    const plies = fc.array(fc.tuple(fc.array(ops, { maxLength: 4 }), fc.array(ops, { maxLength: 3 })), {
      minLength: 1,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(plies, async (script) => {
        const { host, guest, matchId } = await game(0);
        const bySeat = [host[0], guest];
        for (const [before, during] of script) {
          const seen = await guest.snapshot(matchId);
          if (seen.status !== "live") return;
          const mover = firstLegal(seen);
          if (mover === null) return;
          const player = bySeat[mover.seat];
          const other = bySeat[1 - mover.seat];
          if (player === undefined || other === undefined) throw new Error("no client");
          const send = (op: Op): Promise<unknown> => {
            const at = { matchId, version: seen.version };
            switch (op) {
              case "draw-offer":
                return other.call("match:draw-offer", at);
              case "draw-decline":
                return other.call("match:draw-decline", at);
              case "chat-open":
                return other.call("room:spectator-chat", { ...at, open: true });
              case "chat-close":
                return other.call("room:spectator-chat", { ...at, open: false });
              case "rematch":
                return other.call("match:rematch", { matchId });
              case "claim":
                return other.call("match:claim", { ...at, kind: "win" });
              case "flag":
                return other.call("match:flag", { matchId });
              case "say":
                return other.call("chat:say", { matchId, channel: "players", text: "hi" });
              case "own-offer":
                return player.call("match:draw-offer", at);
            }
          };
          for (const op of before) await send(op);
          const [moved] = await Promise.all([moveFrom(player, matchId, seen), ...during.map(send)]);
          // Only the end of the game (the mover's own draw offer, accepted) may stop the move.
          if (moved !== "ok") expect((await guest.snapshot(matchId)).status).toBe("finished");
          if (moved !== "ok") return;
        }
      }),
      { numRuns: 25 },
    );
  });
});
