import { type TournamentView } from "@arena/protocol";

/** One CSV field as RFC 4180 quotes it: in double quotes (doubled inside) when it holds a comma, quote or line break. */
export function csvField(value: string | number | boolean): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as RFC 4180 text: CRLF after every record, the header included. */
export function csvRows(rows: readonly (readonly (string | number | boolean)[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

/** The standings best first: rank, name, kind, points, each tie-break by its name, games, withdrawn. */
export function standingsCsv(view: TournamentView): string {
  const tieBreaks = view.standings[0]?.tieBreaks.map((t) => t.name) ?? [];
  return csvRows([
    ["rank", "name", "kind", "points", ...tieBreaks, "games", "withdrawn"],
    ...view.standings.map((s) => [
      s.rank,
      s.name,
      s.kind,
      s.points,
      ...tieBreaks.map((name) => s.tieBreaks.find((t) => t.name === name)?.value ?? ""),
      s.games,
      s.withdrawn,
    ]),
  ]);
}

/**
 * The crosstable (round-robin and swiss; null for an arena): a row per entrant in the standings' order,
 * its cells that pair's results from the row's side, empty where they have not met.
 */
export function crosstableCsv(view: TournamentView): string | null {
  const table = view.crosstable;
  if (table === null) return null;
  const names = table.entrants.map(
    (entrant) => view.standings.find((s) => s.entrant === entrant)?.name ?? entrant,
  );
  return csvRows([
    ["", ...names.map((_, i) => i + 1)],
    ...names.map((name, row) => [
      `${row + 1} ${name}`,
      ...(table.cells[row] ?? []).map((cell) => cell ?? ""),
    ]),
  ]);
}
