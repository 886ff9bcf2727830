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
};

/**
 * A console table made from its columns (adding a column: one entry), in `wrapClassName`'s wrapper
 * when given (one that scrolls sideways on a narrow screen). `empty`: a row saying so when there are
 * no rows.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  wrapClassName,
  className,
  caption,
  empty,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  wrapClassName?: string;
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
              {columns.map((c) => (
                <td key={c.key} data-label={c.label} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
  return wrapClassName ? <div className={wrapClassName}>{table}</div> : table;
}
