/** The search form as typed: empty fields search nothing; dates are the browser's `YYYY-MM-DD`. */
export interface SearchForm {
  readonly gameId: string;
  readonly outcome: string;
  readonly opponent: string;
  readonly from: string;
  readonly to: string;
}

export const EMPTY_SEARCH: SearchForm = { gameId: "", outcome: "", opponent: "", from: "", to: "" };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` day's first (or, with `end`, last) millisecond in the viewer's own time zone. */
function dayBound(day: string, end: boolean): number | undefined {
  const match = DAY.exec(day);
  if (match === null) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  return end ? new Date(year, month, date + 1).getTime() - 1 : new Date(year, month, date).getTime();
}

/**
 * The query string of a page of a player's games (`GET /api/users/<name>/games`, docs/protocol.md "Game
 * search"): the page and only the fields filled in. The server validates them all again.
 */
export function searchQuery(form: SearchForm, page: number): string {
  const query = new URLSearchParams({ page: String(page) });
  if (form.gameId !== "") query.set("gameId", form.gameId);
  if (form.outcome !== "") query.set("outcome", form.outcome);
  if (form.opponent.trim() !== "") query.set("opponent", form.opponent.trim());
  const from = dayBound(form.from, false);
  const to = dayBound(form.to, true);
  if (from !== undefined) query.set("from", String(from));
  if (to !== undefined) query.set("to", String(to));
  return query.toString();
}

/** Whether the form filters at all (the profile words an empty result differently then). */
export function isSearching(form: SearchForm): boolean {
  const fields: readonly string[] = [form.gameId, form.outcome, form.opponent, form.from, form.to];
  return fields.some((value) => value.trim() !== "");
}
