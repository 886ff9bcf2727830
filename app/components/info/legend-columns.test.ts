import { expect, test } from "vitest";
import { legendColumns } from "./info-blocks";

test("a wide plan legend never leaves one entry alone on its last row", () => {
  for (let count = 2; count <= 40; count++) {
    const cols = legendColumns(count);
    expect(cols).toBeLessThanOrEqual(5);
    const last = count % cols || cols;
    expect(last === cols || last >= 2, `${count} entries in ${cols} columns`).toBe(true);
  }
  expect(legendColumns(6)).toBe(3); // the unit-position legend: 2 rows of 3, not 5 + 1
  expect(legendColumns(9)).toBe(5);
});
