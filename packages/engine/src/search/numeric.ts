const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const LOW = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HIGH = 1 - LOW;

/**
 * The smallest double above `x`. Values are real numbers (chance averages,
 * tie-break noise), so the zero window above alpha is `(alpha, nextUp(alpha))`
 * rather than the integer engines' `(alpha, alpha + 1)`.
 */
export function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  if (x === -Infinity) return -Number.MAX_VALUE;
  bits[0] = x;
  const low = words[LOW] ?? 0;
  const high = words[HIGH] ?? 0;
  if (x > 0) {
    words[LOW] = (low + 1) >>> 0;
    if (low === 0xffffffff) words[HIGH] = high + 1;
  } else {
    words[LOW] = (low - 1) >>> 0;
    if (low === 0) words[HIGH] = high - 1;
  }
  return bits[0] ?? x;
}
