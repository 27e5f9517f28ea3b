/**
 * How much of untrusted input an error message may quote (docs/protocol.md, "Errors"): messages go back to
 * the sender and into logs, so they name the problem with a short excerpt, never the whole input.
 */
export const MAX_EXCERPT_CHARS = 24;

/** At most `max` characters of `text` (whole code points), with "…" when it was cut. */
export function excerpt(text: string, max = MAX_EXCERPT_CHARS): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join("")}…`;
}

/** The first `maxItems` items, each excerpted, then "and N more" for the rest. */
export function listExcerpt(items: readonly string[], maxItems = 3): string {
  const shown = items.slice(0, maxItems).map((item) => excerpt(item));
  const rest = items.length - shown.length;
  return rest > 0 ? `${shown.join(", ")} and ${rest} more` : shown.join(", ");
}
