import { diceOf } from "@arena/engine/core/chance";
import { getGame, isGameId } from "@arena/engine/registry";
import type { MatchId, VersionedEvent } from "@arena/protocol";
import { CorruptLogError, evolve, initialModel, type MatchModel } from "./model.js";
import { asciiBytes, fromHex, hmacSha256, sha256, toHex } from "./sha256.js";

/*
 * Hidden randomness (docs/protocol.md, "Hidden randomness"). Every match has a 256-bit secret that the
 * server keeps beside the match's log, never in it. The `created` event publishes its SHA-256 (the
 * commitment); the start position is drawn from HMAC(secret, "arena:start"), and the dice of a move
 * with chance from HMAC(secret, "arena:roll:<ply>:<block>") once the move has been made, so nothing
 * public predicts a roll; the `ended` event reveals the secret, and `verifyMatch` checks a finished
 * match against it. The same code runs on the server (drawing) and anywhere else (verifying).
 */

/** A match secret's size in bytes; written as 64 hexadecimal digits. */
export const SECRET_BYTES = 32;

function keyOf(secret: string): Uint8Array {
  const key = fromHex(secret);
  if (key?.length !== SECRET_BYTES) throw new RangeError("a match secret is 64 hexadecimal digits");
  return key;
}

function derive(secret: string, label: string): Uint8Array {
  return hmacSha256(keyOf(secret), asciiBytes(label));
}

/** A 31-bit number from the first bytes of a derived block. */
function seedFrom(bytes: Uint8Array): number {
  return (
    (((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)) &
    0x7fffffff
  );
}

/** The commitment a match publishes in its `created` event: SHA-256 of the secret's bytes, in hex. */
export function commitmentOf(secret: string): string {
  return toHex(sha256(keyOf(secret)));
}

/** The seed of the start position (`game.initial`): hidden until the game starts, public from then on. */
export function startSeedOf(secret: string): number {
  return seedFrom(derive(secret, "arena:start"));
}

/**
 * Who sits where in a rated game of uneven seats (docs/protocol.md, "Ratings"): the identity or the seats
 * rotated by one, by the low bit of HMAC(secret, "arena:seats"). Hidden until the game starts, so nobody
 * who takes a seat knows which colour it will be.
 */
export function seatOrderOf(secret: string, seats: number): number[] {
  const rotate = ((derive(secret, "arena:seats")[0] ?? 0) & 1) === 1;
  return Array.from({ length: seats }, (_, seat) => (rotate ? (seat + 1) % seats : seat));
}

/** The seed of the AI seats' own random choices (tie-breaks), so that nothing public predicts them either. */
export function aiSeedOf(secret: string): number {
  return seedFrom(derive(secret, "arena:ai"));
}

/**
 * The dice rolled for the move at `ply` (0-based: the number of moves before it), one per entry of
 * `faces` (each die's number of faces, 2 to 256). Each die takes the next byte of the stream
 * HMAC(secret, "arena:roll:<ply>:0"), ":1", … that is below the largest multiple of its faces (so every
 * face is equally likely), and shows 1 + byte mod faces.
 */
export function rollsAt(secret: string, ply: number, faces: readonly number[]): number[] {
  const key = keyOf(secret);
  const rolls: number[] = [];
  let block = 0;
  let stream: Uint8Array = new Uint8Array(0);
  let next = 0;
  for (const sides of faces) {
    if (!Number.isInteger(sides) || sides < 2 || sides > 256)
      throw new RangeError("a die has 2 to 256 faces");
    const limit = 256 - (256 % sides);
    for (;;) {
      if (next === stream.length) {
        stream = hmacSha256(key, asciiBytes(`arena:roll:${ply}:${block++}`));
        next = 0;
      }
      const byte = stream[next++] ?? 0;
      if (byte < limit) {
        rolls.push(1 + (byte % sides));
        break;
      }
    }
  }
  return rolls;
}

export type Verification =
  | {
      readonly ok: true;
      /** How many moves had dice, all of them as the secret says. */
      readonly rolledMoves: number;
    }
  | { readonly ok: false; readonly reason: string };

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

const failed = (reason: string): Verification => ({ ok: false, reason });

/**
 * Checks a finished match against the secret its `ended` event revealed: the secret is the one the
 * `created` event committed to, the start position (and any seats drawn) are the ones the secret draws, and every move's dice
 * are the ones the secret rolls for it (and no move without chance has any). Pure; anyone holding the
 * log (`match:sync` from version 0, or the snapshot's moves) can run it.
 */
export function verifyMatch(matchId: MatchId, log: readonly VersionedEvent[]): Verification {
  const [first, ...rest] = log;
  if (first?.event.type !== "created") return failed("the log does not start with created");
  const commitment = first.event.commitment;
  if (commitment === undefined) return failed("the match was created before commitments");
  const ended = log.map((entry) => entry.event).find((event) => event.type === "ended");
  if (ended?.type !== "ended") return failed("the match has not ended");
  const secret = ended.secret;
  if (secret === undefined) return failed("the ended event reveals no secret");
  if (commitmentOf(secret) !== commitment) return failed("the revealed secret does not match the commitment");
  if (!isGameId(first.event.gameId)) return failed(`unknown game ${first.event.gameId}`);
  const game = getGame(first.event.gameId);
  let model: MatchModel;
  try {
    model = initialModel(matchId, first);
  } catch (error) {
    return failed(error instanceof CorruptLogError ? error.message : "the log cannot be read");
  }
  let rolledMoves = 0;
  for (const entry of rest) {
    const event = entry.event;
    if (event.type === "started") {
      const options = game.parseOptions(model.options);
      if (!options.ok) return failed(`options: ${options.error.message}`);
      const seed = startSeedOf(secret);
      const expected = game.serialize(game.initial(options.value, seed));
      // A match created before its game's deal changed logged the former deal's start.
      const former =
        game.formerDeal !== undefined && first.at < game.formerDeal.until
          ? game.serialize(game.formerDeal.initial(options.value, seed))
          : undefined;
      if (!sameJson(expected, event.state) && (former === undefined || !sameJson(former, event.state)))
        return failed("the start position is not the one the secret draws");
    }
    if (event.type === "seats-drawn" && !sameJson(event.order, seatOrderOf(secret, model.slots.length))) {
      return failed("the seats are not the ones the secret draws");
    }
    if (event.type === "moved") {
      const parsed = game.parseMove(model.state, event.move);
      if (!parsed.ok) return failed(`move ${model.moves.length + 1}: ${parsed.error.message}`);
      const faces = diceOf(game, model.state, parsed.value);
      const expected = faces.length === 0 ? undefined : rollsAt(secret, model.moves.length, faces);
      if (!sameJson(expected ?? null, event.rolls ?? null)) {
        return failed(
          `move ${model.moves.length + 1} (${event.move}): the dice are not the ones the secret rolls`,
        );
      }
      if (expected !== undefined) rolledMoves++;
    }
    try {
      model = evolve(model, entry);
    } catch (error) {
      return failed(error instanceof CorruptLogError ? error.message : "the log cannot be folded");
    }
  }
  return { ok: true, rolledMoves };
}
