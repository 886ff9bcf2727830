/** A select's options, one per entry: its value and the text shown (the console's GET choosers). */
export function Options({ entries }: { entries: readonly { value: string; label: string }[] }) {
  return entries.map((e) => (
    <option key={e.value} value={e.value}>
      {e.label}
    </option>
  ));
}
