/*
 * A table file's rows and header, without reading any file (so the console's pages may use it):
 * a row's cells and line, header cells compared without spaces or case, and a header's key for a
 * remembered column mapping.
 */

/** A row of a file: its cells (trimmed) and its 1-based line. */
export interface TableRow {
  line: number;
  cells: string[];
}

/** A header cell compared without spaces or case: "총비용 (VAT 포함)" and "총비용(vat포함)" are one. */
export const normalise = (cell: string) => cell.replace(/\s+/g, "").toLowerCase();

/** The same string for the same header, however its cells are spaced or cased: a mapping's key. */
export function headerKey(header: readonly string[]): string {
  const cells = header.map(normalise);
  while (cells.at(-1) === "") cells.pop();
  return JSON.stringify(cells);
}
