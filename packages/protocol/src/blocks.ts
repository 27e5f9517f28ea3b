import { z } from "zod";
import { AccountName } from "./accounts.js";

/** The most accounts one account blocks (docs/protocol.md, "Blocks"): more answers `quota`. */
export const MAX_BLOCKS = 500;

/** `POST /api/blocks`: block an account by its name. */
export const BlockRequest = z.strictObject({ name: AccountName });
export type BlockRequest = z.infer<typeof BlockRequest>;

/** A blocked account as its blocker sees it: its name, and since when (server ms). */
export interface BlockedPlayer {
  readonly name: string;
  readonly since: number;
}

/** `GET /api/blocks`, and the answer to `POST` and `DELETE`: the list as it is now, the newest first. */
export interface BlocksResponse {
  readonly ok: true;
  readonly blocks: readonly BlockedPlayer[];
}
