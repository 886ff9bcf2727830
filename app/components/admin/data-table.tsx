import type { HTMLAttributes, ReactNode } from "react";

/**
 * A column of a DataTable: its label (the heading, and each cell's label on a phone's card; `heading`
 * when the heading shows otherwise) and its cell.
 */
export type Column<T> = {
  key: string;
  label: string;
  heading?: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The column names its row (a row header, `<th scope="row">`), e.g. the complex of a line. */
  rowHeader?: boolean;
};

/**
 * A console table made from its columns (adding a column: one entry), in `wrapClassName`'s wrapper
 * when given (one that scrolls sideways on a narrow screen; with `labelledBy`, a region named by
 * that heading that a keyboard can focus to scroll it). `empty`: a row saying so when there are no
 * rows.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  wrapClassName,
  labelledBy,
  className,
  caption,
  empty,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  wrapClassName?: string;
  labelledBy?: string;
  className: string;
  caption?: string;
  empty?: ReactNode;
}) {
  const table = (
    <table className={className}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col">
              {c.heading ?? c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty ? (
          <tr>
            <td colSpan={columns.length} className="admin-empty">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.key} scope="row" className={c.className}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} data-label={c.label} className={c.className}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
  if (!wrapClassName) return table;
  return labelledBy ? (
    <div className={wrapClassName} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {table}
    </div>
  ) : (
    <div className={wrapClassName}>{table}</div>
  );
}
