/** The times left at which the viewer's clock is announced, each once a game (docs/web.md). */
export const LOW_TIME_MARKS_MS = [30_000, 10_000] as const;

/**
 * The mark to announce for a clock reading, and the marks said after it. A reading below several marks
 * not yet said (a page opened late, a long freeze) says only the lowest of them: the others are stale.
 */
export function lowTimeMark(
  remainingMs: number,
  said: readonly number[],
  marks: readonly number[] = LOW_TIME_MARKS_MS,
): { readonly mark: number | null; readonly said: readonly number[] } {
  const due = marks.filter((mark) => remainingMs <= mark && !said.includes(mark));
  if (due.length === 0) return { mark: null, said };
  return { mark: Math.min(...due), said: [...said, ...due] };
}
