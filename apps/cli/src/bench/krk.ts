import { Krk } from "@arena/engine";

/**
 * The KRK oracle's build (docs/krk.md §6): time of `buildKrkTables` over `runs` builds (the first
 * one cold), and the memory its tables keep, read from `process.memoryUsage().arrayBuffers`.
 */
/** The bench section: `npm run bench -- --only krk`. */
export const KRK_SECTION = "krk";

export function krkOracleBench(runs: number): void {
  console.log(`## KRK retrograde oracle, ${runs} builds`);
  const before = process.memoryUsage();
  const times: number[] = [];
  const kept: Krk.KrkTables[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    kept.push(Krk.buildKrkTables());
    times.push(performance.now() - started);
  }
  const after = process.memoryUsage();
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const tableBytes = (kept[0]?.whiteToMove.byteLength ?? 0) + (kept[0]?.blackToMove.byteLength ?? 0);
  console.log(
    `build ms: first ${times[0]?.toFixed(0)} median ${median.toFixed(0)} fastest ${sorted[0]?.toFixed(0)}`,
  );
  console.log(`tables: ${tableBytes} bytes (two Uint8Array of 64^3 entries)`);
  console.log(
    `array buffers kept per build: ${((after.arrayBuffers - before.arrayBuffers) / runs / 1024).toFixed(0)} KiB; ` +
      `rss after ${runs} builds: ${(after.rss / 2 ** 20).toFixed(0)} MiB`,
  );
  console.log("");
}
