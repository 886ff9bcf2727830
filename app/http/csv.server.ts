/*
 * CSV files for spreadsheet programs: UTF-8 with BOM (Excel then reads Korean correctly), CRLF
 * rows, RFC 4180 quoting, and cells that a spreadsheet would run as a formula (starting with
 * = + - @, tab or CR) defused with a leading apostrophe. The lead desk's and the channel report's
 * downloads are written with it.
 */

/** The first column when the file holds several complexes' rows: the complex's id. */
export const SITE_COLUMN = "단지";

/** One cell: formula characters defused, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A whole CSV file: BOM, header, rows, every cell defused and quoted as needed. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return "\uFEFF" + [header, ...rows].map((r) => r.map(csvCell).join(",") + "\r\n").join("");
}
