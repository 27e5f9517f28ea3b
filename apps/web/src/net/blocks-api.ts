import type { BlockedPlayer, BlocksResponse } from "@arena/protocol";
import { type ApiFailure, call, post } from "./players-api";

// The account's blocked players (docs/web.md, "Settings"; docs/protocol.md, "Blocks").
export type { BlockedPlayer } from "@arena/protocol";

/** An answer that is not the list is a failure the pages can word. */
function listed(body: BlocksResponse | ApiFailure): BlocksResponse | ApiFailure {
  if (typeof body === "object" && body !== null && "blocks" in body) return body;
  if (typeof body === "object" && body !== null && "ok" in body && body.ok === false) return body;
  return { ok: false, code: "unavailable", message: "unexpected answer" };
}

export const fetchBlocks = async (token: string) =>
  listed(await call<BlocksResponse>("/api/blocks", { headers: { authorization: `Bearer ${token}` } }));

export const blockPlayer = async (token: string, name: string) =>
  listed(await call<BlocksResponse>("/api/blocks", post({ name }, token)));

export const unblockPlayer = async (token: string, name: string) =>
  listed(
    await call<BlocksResponse>(`/api/blocks/${encodeURIComponent(name)}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    }),
  );

/** Whether `name` is among the blocked (names compare without regard to case, as accounts' names do). */
export const isBlocked = (blocks: readonly BlockedPlayer[], name: string): boolean =>
  blocks.some((blocked) => blocked.name.toLowerCase() === name.toLowerCase());
