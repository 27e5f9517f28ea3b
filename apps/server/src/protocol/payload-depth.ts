/**
 * How deep a client's JSON may nest (docs/protocol.md, "Limits"). The deepest payload the protocol defines
 * nests 3 levels (`room:create`'s seats); the margin keeps clients' extra wrapping legal, while a deep
 * array (8,100 levels fit in 16 KB) is refused before anything recursive (`JSON.stringify`, a schema, a
 * logger) walks it and overflows the stack.
 */
export const MAX_PAYLOAD_DEPTH = 16;

/**
 * Whether `value` nests arrays or objects deeper than `maxDepth` (a scalar is depth 0, `[]` depth 1). An
 * iterative walk, so that it cannot overflow the stack itself; it stops at the first branch too deep.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: { readonly value: unknown; readonly depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== "object" || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return true;
    const children: unknown[] = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) {
      if (typeof child === "object" && child !== null) pending.push({ value: child, depth });
    }
  }
  return false;
}
