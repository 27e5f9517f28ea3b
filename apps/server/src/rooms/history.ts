import { type VersionedEvent } from "@arena/protocol";

/**
 * At least the last `capacity` events of a match, by version (lila-ws History).
 * A reader asking from before the window gets null and must take a snapshot.
 */
export class History {
  private events: VersionedEvent[] = [];

  constructor(private readonly capacity = 200) {}

  push(event: VersionedEvent): void {
    this.events.push(event);
    // Trimmed in batches: slicing on every push past the window copied the whole window per event.
    if (this.events.length >= 2 * this.capacity) this.events = this.events.slice(-this.capacity);
  }

  get version(): number {
    return this.events.at(-1)?.version ?? 0;
  }

  /** Events after `version`; null when that version is older than the window (a gap). */
  since(version: number): VersionedEvent[] | null {
    if (version >= this.version) return [];
    const first = this.events[0];
    if (first === undefined || version < first.version - 1) return null;
    return this.events.filter((e) => e.version > version);
  }
}
