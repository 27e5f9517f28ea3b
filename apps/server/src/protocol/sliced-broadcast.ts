/** How many sockets one slice of a broadcast writes to before other work may run. */
export const BROADCAST_SLICE = 256;

/** Sends one message to the given targets: a socket.io room's name, or a list of socket ids. */
export type SliceEmit = (targets: string | string[]) => void;

/** This process's sockets in each socket.io room (socket.io's own adapter map). */
export interface RoomMembers {
  get(room: string): ReadonlySet<string> | undefined;
}

/**
 * Broadcasts to this process's sockets in a room, a slice of sockets at a time once the room is larger
 * than a slice, yielding to the event loop between slices (docs/reliability.md, "A crowd of 2,000
 * watchers"): writing one move to 2,000 watchers is some 50 ms of a core, which every other game's moves,
 * clocks and `/healthz` would otherwise wait behind. Messages to one room keep their order: while a sliced
 * broadcast runs, later ones to that room wait for it, and each takes the room's members as they are when
 * it starts (a socket that joins meanwhile got a snapshot that already holds the earlier message).
 */
export class SlicedBroadcasts {
  /** Rooms with a sliced broadcast under way, and the messages waiting behind it. */
  private readonly pending = new Map<string, SliceEmit[]>();

  constructor(
    private readonly members: RoomMembers,
    private readonly slice = BROADCAST_SLICE,
    private readonly later: (task: () => void) => void = setImmediate,
  ) {}

  send(room: string, emit: SliceEmit): void {
    const waiting = this.pending.get(room);
    if (waiting !== undefined) {
      waiting.push(emit);
      return;
    }
    if ((this.members.get(room)?.size ?? 0) <= this.slice) {
      emit(room);
      return;
    }
    this.pending.set(room, []);
    this.run(room, emit);
  }

  /** Whether a sliced broadcast to the room is under way. */
  busy(room: string): boolean {
    return this.pending.has(room);
  }

  private run(room: string, emit: SliceEmit): void {
    const ids = [...(this.members.get(room) ?? [])];
    let at = 0;
    const step = (): void => {
      if (ids.length > 0) emit(ids.slice(at, at + this.slice));
      at += this.slice;
      if (at < ids.length) {
        this.later(step);
        return;
      }
      const next = this.pending.get(room)?.shift();
      if (next === undefined) {
        this.pending.delete(room);
        return;
      }
      this.later(() => this.run(room, next));
    };
    step();
  }
}
