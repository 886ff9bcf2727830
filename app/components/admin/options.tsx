/** A select's choices, each a value and its label (the select's own first choices stay beside it). */
export function Options({
  items,
}: {
  items: ReadonlyArray<readonly [value: string, label: string]>;
}) {
  return items.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
