/**
 * Suites that need something outside Node (redis-server, HAProxy, Caddy, root for a tmpfs) skip where it is
 * missing, so that `npm test` works on any machine. A run that must prove them all sets
 * `ARENA_REQUIRE_SERVICES=1` (`.ci/run` does): there a missing one fails the suite instead of skipping it.
 */
export const servicesRequired = process.env.ARENA_REQUIRE_SERVICES === "1";

/**
 * Whether a suite needing `what` is to be skipped (`missing`): never where services are required, where
 * the lack throws instead and fails the file.
 */
export function skipWithout(missing: boolean, what: string): boolean {
  if (!missing) return false;
  if (servicesRequired) {
    throw new Error(`${what} is missing, and this run requires it (ARENA_REQUIRE_SERVICES=1)`);
  }
  console.warn(`!!! ${what} missing: its suite is SKIPPED !!!`);
  return true;
}
