import type { PresenceUpdate, Snapshot, VersionedEvent } from "@arena/protocol";
import { CorruptLogError, evolve, type MatchModel } from "./model.js";
import { modelFromSnapshot, presenceFromSnapshot, type SeatPresence, type SnapshotError } from "./view.js";

/**
 * A match as a client follows it: the server's model, rebuilt from a snapshot and carried forward by the
 * versioned events that follow with the server's own `evolve`, plus presence (which is not in the log).
 * Immutable: every step returns a new value, so a React state can hold it.
 */
export interface Followed {
  readonly model: MatchModel;
  readonly presence: readonly SeatPresence[];
  readonly viewers: number;
}

export type Stepped =
  | { readonly kind: "applied"; readonly followed: Followed }
  | { readonly kind: "stale" }
  /** The event is not the next one (some were missed), or could not be folded: resync (`match:sync`). */
  | { readonly kind: "gap" };

export function follow(
  snapshot: Snapshot,
): { readonly ok: true; readonly followed: Followed } | SnapshotError {
  const built = modelFromSnapshot(snapshot);
  if (!built.ok) return built;
  return {
    ok: true,
    followed: { model: built.model, presence: presenceFromSnapshot(snapshot), viewers: snapshot.viewers },
  };
}

/** Folds one event, if it is the next one. */
export function applyEvent(followed: Followed, entry: VersionedEvent): Stepped {
  const version = followed.model.version;
  if (entry.version <= version) return { kind: "stale" };
  if (entry.version !== version + 1) return { kind: "gap" };
  try {
    return { kind: "applied", followed: { ...followed, model: evolve(followed.model, entry) } };
  } catch (error) {
    // What the server appended folds on the server; failing here means this copy went wrong: start over.
    if (error instanceof CorruptLogError) return { kind: "gap" };
    throw error;
  }
}

/** Folds a run of events (a `match:sync` answer); stops at the first gap. */
export function applyEvents(
  followed: Followed,
  entries: readonly VersionedEvent[],
): { readonly followed: Followed; readonly gap: boolean } {
  let current = followed;
  for (const entry of entries) {
    const next = applyEvent(current, entry);
    if (next.kind === "gap") return { followed: current, gap: true };
    if (next.kind === "applied") current = next.followed;
  }
  return { followed: current, gap: false };
}

/** Applies a presence broadcast to the seats it names. */
export function withPresence(followed: Followed, update: PresenceUpdate): Followed {
  const presence = [...followed.presence];
  for (const seat of update.seats) {
    presence[seat.seat] = {
      connected: seat.connected,
      offlineSince: seat.offlineSince,
      goneAt: seat.goneAt,
      gone: seat.gone,
    };
  }
  return { ...followed, presence, viewers: update.viewers };
}
