import { describe, expect, it } from "vitest";
import { SlicedBroadcasts, type SliceEmit } from "./sliced-broadcast.js";

/** A room of `n` sockets, as socket.io's adapter keeps it. */
function roomOf(n: number): Map<string, Set<string>> {
  return new Map([["match:m", new Set(Array.from({ length: n }, (_, i) => `s${i}`))]]);
}

/** Runs the queued tasks one at a time, as the event loop would, recording each as it runs. */
function loop() {
  const tasks: (() => void)[] = [];
  return {
    later: (task: () => void) => tasks.push(task),
    runAll: (): number => {
      let ran = 0;
      for (let task = tasks.shift(); task !== undefined; task = tasks.shift()) {
        task();
        ran++;
      }
      return ran;
    },
  };
}

describe("sliced broadcasts", () => {
  it("send to a room no larger than a slice at once, by its name", () => {
    const sent: (string | string[])[] = [];
    const broadcasts = new SlicedBroadcasts(roomOf(3), 3, () => {
      throw new Error("no slicing expected");
    });
    broadcasts.send("match:m", (to) => sent.push(to));
    expect(sent).toEqual(["match:m"]);
  });

  it("write to a large room a slice at a time, every socket once, with other work between slices", () => {
    const sent: string[][] = [];
    const { later, runAll } = loop();
    const broadcasts = new SlicedBroadcasts(roomOf(7), 3, later);
    broadcasts.send("match:m", (to) => sent.push([...to]));
    expect(sent).toEqual([["s0", "s1", "s2"]]);
    expect(broadcasts.busy("match:m")).toBe(true);
    expect(runAll()).toBe(2);
    expect(sent).toEqual([["s0", "s1", "s2"], ["s3", "s4", "s5"], ["s6"]]);
    expect(broadcasts.busy("match:m")).toBe(false);
  });

  it("keep a room's messages in order: a later one waits for the sliced one before it", () => {
    const log: string[] = [];
    const { later, runAll } = loop();
    const members = roomOf(4);
    const broadcasts = new SlicedBroadcasts(members, 2, later);
    const emit =
      (name: string): SliceEmit =>
      (to) =>
        log.push(`${name}→${Array.isArray(to) ? to.join(",") : to}`);
    broadcasts.send("match:m", emit("move 5"));
    broadcasts.send("match:m", emit("move 6"));
    // A socket joins while move 5 is being written: it is not sent move 5 (its snapshot holds it), but move 6.
    members.get("match:m")?.add("s4");
    runAll();
    expect(log).toEqual(["move 5→s0,s1", "move 5→s2,s3", "move 6→s0,s1", "move 6→s2,s3", "move 6→s4"]);
    expect(broadcasts.busy("match:m")).toBe(false);
  });

  it("leave other rooms alone while one is sliced", () => {
    const sent: (string | string[])[] = [];
    const { later, runAll } = loop();
    const members = roomOf(5);
    members.set("match:n", new Set(["t0"]));
    const broadcasts = new SlicedBroadcasts(members, 2, later);
    broadcasts.send("match:m", (to) => sent.push(to));
    broadcasts.send("match:n", (to) => sent.push(to));
    expect(sent).toEqual([["s0", "s1"], "match:n"]);
    runAll();
    expect(sent).toHaveLength(4);
  });
});
