import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { GroupCommit } from "./group-commit.js";

/** A commit that records its batches and answers each job with `job * 10`, or fails when told to. */
function recorder() {
  const batches: number[][] = [];
  let fail: Error | null = null;
  const commit = (jobs: number[]): Promise<number[]> => {
    batches.push(jobs);
    return fail === null ? Promise.resolve(jobs.map((job) => job * 10)) : Promise.reject(fail);
  };
  return { batches, commit, failNext: (error: Error) => (fail = error) };
}

describe("group commit", () => {
  it("commits a job at once when nothing was committed in the last window", async () => {
    const clock = new FakeClock();
    const { batches, commit } = recorder();
    const group = new GroupCommit(5, clock, commit);
    await expect(group.submit(1)).resolves.toBe(10);
    expect(batches).toEqual([[1]]);
    clock.advance(5);
    await expect(group.submit(2)).resolves.toBe(20);
    expect(batches).toEqual([[1], [2]]);
    expect(clock.pending()).toBe(0);
  });

  it("gathers the jobs of a busy window into one commit, each answered with its own result", async () => {
    const clock = new FakeClock();
    const { batches, commit } = recorder();
    const group = new GroupCommit(5, clock, commit);
    const first = group.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(1);
    const rest = [group.submit(2), group.submit(3)];
    clock.advance(3);
    const last = group.submit(4);
    expect(batches).toEqual([[1]]);
    expect(group.waiting).toBe(3);
    clock.advance(1);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(await Promise.all([first, ...rest, last])).toEqual([10, 20, 30, 40]);
  });

  it("never holds a job longer than the window, when the store answers at once", async () => {
    const clock = new FakeClock();
    const submittedAt = new Map<number, number>();
    const held: number[] = [];
    const batches: number[][] = [];
    const group = new GroupCommit(5, clock, (jobs: number[]) => {
      batches.push(jobs);
      for (const job of jobs) held.push(clock.now() - (submittedAt.get(job) ?? Number.NaN));
      return Promise.resolve(jobs);
    });
    for (let job = 0; job < 40; job++) {
      submittedAt.set(job, clock.now());
      void group.submit(job);
      await new Promise((resolve) => setImmediate(resolve));
      clock.advance(1);
    }
    clock.advance(5);
    expect(held).toHaveLength(40);
    expect(Math.max(...held)).toBeLessThanOrEqual(5);
    expect(batches.length).toBeLessThanOrEqual(9);
    expect(batches.flat()).toEqual([...Array(40).keys()]);
  });

  it("commits a full batch without waiting for the window", () => {
    const clock = new FakeClock();
    const { batches, commit } = recorder();
    const group = new GroupCommit(5, clock, commit, 3);
    void group.submit(1);
    for (const job of [2, 3, 4]) void group.submit(job);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(clock.pending()).toBe(0);
  });

  it("sends a job at once when no commit is in flight, and gathers those made while one is", async () => {
    const clock = new FakeClock();
    const answers: (() => void)[] = [];
    const batches: number[][] = [];
    const group = new GroupCommit(0, clock, (jobs: number[]) => {
      batches.push(jobs);
      return new Promise<number[]>((resolve) => answers.push(() => resolve(jobs)));
    });
    const first = group.submit(1);
    expect(batches).toEqual([[1]]);
    const rest = [2, 3].map((job) => group.submit(job));
    expect(batches).toEqual([[1]]);
    answers[0]?.();
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1], [2, 3]]);
    answers[1]?.();
    expect(await Promise.all(rest)).toEqual([2, 3]);
    await new Promise((resolve) => setImmediate(resolve));
    const fourth = group.submit(4);
    expect(batches).toEqual([[1], [2, 3], [4]]);
    answers[2]?.();
    await expect(fourth).resolves.toBe(4);
  });

  it("rejects every job of a failed commit, and only those", async () => {
    const clock = new FakeClock();
    const { commit, failNext } = recorder();
    const group = new GroupCommit(5, clock, commit);
    const ok = group.submit(1);
    failNext(new Error("store down"));
    const failed = [group.submit(2), group.submit(3)];
    clock.advance(5);
    await expect(ok).resolves.toBe(10);
    for (const job of failed) await expect(job).rejects.toThrow("store down");
  });

  it("rejects a batch whose commit answered the wrong number of jobs", async () => {
    const clock = new FakeClock();
    const group = new GroupCommit(0, clock, () => Promise.resolve([1, 2]));
    await expect(group.submit(1)).rejects.toThrow("answered 2 of 1");
  });
});
