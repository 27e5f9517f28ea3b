import { asMatchId, asMillis, asVersion, type MatchEvent, type VersionedEvent } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "./matches.js";

const at = (version: number, event: MatchEvent): VersionedEvent => ({
  version: asVersion(version),
  at: asMillis(1000 + version),
  event,
});
const ended: MatchEvent = {
  type: "ended",
  result: { reason: "draw-agreed", winners: [0, 1], scores: [32, 32] },
  clock: null,
};

async function finishMatch(store: MemoryStore, name: string): Promise<void> {
  const id = asMatchId(name);
  expect(await store.append(id, 0, [at(1, { type: "seat-left", seat: 0 })])).toEqual({ ok: true });
  expect(await store.append(id, 1, [at(2, ended)])).toEqual({ ok: true });
}

describe("MemoryStore's finished matches", () => {
  it("keeps a finished log readable and appendable (rematch offers come after the end)", async () => {
    const store = new MemoryStore();
    await finishMatch(store, "m-a");
    const id = asMatchId("m-a");
    expect((await store.read(id, 0))?.map((e) => e.event.type)).toEqual(["seat-left", "ended"]);
    expect(await store.append(id, 1, [at(2, { type: "rematch-offered", seat: 1 })])).toEqual({
      ok: false,
      reason: "conflict",
    });
    expect(await store.append(id, 2, [at(3, { type: "rematch-offered", seat: 1 })])).toEqual({ ok: true });
    expect((await store.read(id, 1))?.map((e) => e.event.type)).toEqual(["ended", "rematch-offered"]);
  });

  it("drops the oldest finished matches beyond keepFinished, never a live one", async () => {
    const store = new MemoryStore({ keepFinished: 2 });
    const live = asMatchId("m-live");
    await store.keepSecret(live, "11".repeat(32));
    await store.append(live, 0, [at(1, { type: "seat-left", seat: 0 })]);
    for (const name of ["m-1", "m-2", "m-3"]) {
      await store.keepSecret(asMatchId(name), "22".repeat(32));
      await finishMatch(store, name);
    }
    expect(await store.read(asMatchId("m-1"), 0)).toBeNull();
    // A dropped match's secret goes with its log: the memory stays bounded.
    expect(await store.readSecret(asMatchId("m-1"))).toBeNull();
    expect(await store.readSecret(asMatchId("m-2"))).toBe("22".repeat(32));
    expect(await store.readSecret(live)).toBe("11".repeat(32));
    expect(await store.read(asMatchId("m-2"), 0)).toHaveLength(2);
    expect(await store.read(asMatchId("m-3"), 0)).toHaveLength(2);
    expect(await store.read(live, 0)).toHaveLength(1);
    expect(store.size).toBe(3);
  });

  it("hands out events that later appends cannot change", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m-b");
    await store.append(id, 0, [at(1, { type: "seat-left", seat: 0 })]);
    const first = await store.read(id, 0);
    await store.append(id, 1, [at(2, { type: "seat-left", seat: 1 })]);
    expect(first).toHaveLength(1);
  });
});
