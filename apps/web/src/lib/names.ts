import type { UserRef } from "@arena/protocol";

/**
 * A player as a page shows them (docs/web.md, "Names"): the name, and a short id when another player on
 * the same page has the same name (guests may share names; the id tells them apart).
 */
export interface PlayerLabel {
  readonly name: string;
  /** The end of the user's id, when another player in view has the same name; null otherwise. */
  readonly tag: string | null;
  /** A registered account (marked apart from guests, who may pick any name no account looks like). */
  readonly account?: boolean;
}

const MIN_TAG = 3;

function tail(id: string, length: number): string {
  return id.slice(Math.max(0, id.length - length));
}

/**
 * Tags for the users in view that share their name with another user: for each such name, the shortest
 * end of the ids, from three characters, that tells all of its users apart. Users with a name of their own
 * get none.
 */
export function nameTags(users: Iterable<UserRef>): ReadonlyMap<string, string> {
  const byName = new Map<string, Set<string>>();
  for (const user of users) {
    const ids = byName.get(user.name) ?? new Set<string>();
    ids.add(user.id);
    byName.set(user.name, ids);
  }
  const tags = new Map<string, string>();
  for (const ids of byName.values()) {
    if (ids.size < 2) continue;
    const list = [...ids];
    const longest = Math.max(...list.map((id) => id.length));
    let length = MIN_TAG;
    while (length < longest && new Set(list.map((id) => tail(id, length))).size < list.length) length++;
    for (const id of list) tags.set(id, tail(id, length));
  }
  return tags;
}

export function labelOf(user: UserRef, tags: ReadonlyMap<string, string>): PlayerLabel {
  const label = { name: user.name, tag: tags.get(user.id) ?? null };
  return user.account === true ? { ...label, account: true } : label;
}

/** A guest's default name as the server makes it: "Guest" and the start of its id (identity/tokens.ts). */
const DEFAULT_GUEST_NAME = /^Guest ([A-Za-z0-9_-]{5})$/;

/**
 * The id part of a guest's default name ("Guest 3fA9x" → "3fA9x"), which pages word in their own
 * language ("Гость 3fA9x"); null for an account or any name the player chose. The name stays data: only
 * its display is translated.
 */
export function defaultGuestId(label: PlayerLabel): string | null {
  if (label.account === true) return null;
  return DEFAULT_GUEST_NAME.exec(label.name)?.[1] ?? null;
}

/** The label as plain text ("Guest · 3fa"), for titles and text exports. */
export function labelText(label: PlayerLabel): string {
  return label.tag === null ? label.name : `${label.name} · ${label.tag}`;
}

/** Text with player names in it, kept apart so that each name can be rendered isolated. */
export type TextPart = string | PlayerLabel;
export type RichText = readonly TextPart[];

export function plainText(text: RichText): string {
  return text.map((part) => (typeof part === "string" ? part : labelText(part))).join("");
}
