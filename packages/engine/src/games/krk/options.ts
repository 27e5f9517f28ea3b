import { type GameError, gameError } from "../../core/errors.js";
import { type Result, err, ok } from "../../core/result.js";
import { readChoice, readRecord, rejectUnknownKeys } from "../../core/validate.js";
import { formatFen, parseFen } from "./fen.js";
import { MAX_DTM } from "./oracle.js";

export const GAME_ID = "krk";

/** How the host picks the start (docs/krk.md §4). */
export const KRK_STARTS = ["random", "distance", "fen"] as const;
export type KrkStart = (typeof KRK_STARTS)[number];

/** Resolved options: a random won position, a random position at a distance to mate, or a FEN. */
export type KrkOptions =
  | { readonly start: "random" }
  | { readonly start: "distance"; readonly distance: number }
  | { readonly start: "fen"; readonly fen: string };

const KNOWN_KEYS = ["start", "distance", "fen"] as const;

function invalid(message: string): { readonly ok: false; readonly error: GameError } {
  return err(gameError("invalid-options", message));
}

/**
 * `{}` is a random won position with White to move; `{distance: n}` (1..16) a random position with
 * White to move and mate in n; `{fen}` that position. `start` may be given or left to be inferred from
 * the other field; a field that does not belong to the start is refused. The FEN comes back normalized.
 */
export function parseOptions(input: unknown): Result<KrkOptions, GameError> {
  const record = readRecord(input, "krk options");
  if (!record.ok) return record;
  const fields = record.value;
  const known = rejectUnknownKeys(fields, KNOWN_KEYS);
  if (!known.ok) return known;
  const inferred: KrkStart =
    fields["fen"] !== undefined ? "fen" : fields["distance"] !== undefined ? "distance" : "random";
  const start = readChoice(fields, "start", KRK_STARTS, inferred);
  if (!start.ok) return start;
  if (start.value !== "fen" && fields["fen"] !== undefined) return invalid(`fen goes with start "fen"`);
  if (start.value !== "distance" && fields["distance"] !== undefined) {
    return invalid(`distance goes with start "distance"`);
  }
  switch (start.value) {
    case "random":
      return ok({ start: "random" });
    case "distance": {
      const distance = fields["distance"];
      if (typeof distance !== "number" || !Number.isInteger(distance) || distance < 1 || distance > MAX_DTM) {
        return invalid(`distance must be a whole number of moves to mate from 1 to ${MAX_DTM}`);
      }
      return ok({ start: "distance", distance });
    }
    case "fen": {
      if (fields["fen"] === undefined) return invalid(`start "fen" needs a fen`);
      const parsed = parseFen(fields["fen"]);
      if (!parsed.ok) return parsed;
      const { position, halfmoveClock, fullmove } = parsed.value;
      return ok({ start: "fen", fen: formatFen(position, halfmoveClock, fullmove) });
    }
  }
}
