/** A console table's head: one row, a column header (scope="col") per title, in order. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((title) => (
          <th scope="col" key={title}>
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}
