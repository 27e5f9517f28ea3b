// What one scrypt hash costs at OWASP's equivalent settings (docs/benchmarks.md, "Password hashing").
import { scrypt, randomBytes } from "node:crypto";
const run = (N, r, p) =>
  new Promise((res, rej) => {
    const t = performance.now();
    scrypt("correct horse battery", randomBytes(16), 32, { N, r, p, maxmem: 256 * N * r }, (e) =>
      e ? rej(e) : res(performance.now() - t),
    );
  });
for (const [N, r, p] of [
  [2 ** 15, 8, 3],
  [2 ** 16, 8, 2],
  [2 ** 17, 8, 1],
]) {
  const times = [];
  for (let i = 0; i < 7; i++) times.push(await run(N, r, p));
  times.sort((a, b) => a - b);
  console.log(
    `N=2^${Math.log2(N)} r=${r} p=${p}: median ${times[3].toFixed(0)} ms, min ${times[0].toFixed(0)} ms`,
  );
}
