import { mkdirSync } from "node:fs";

/** Browser tests keep screenshots for people to open in `test-results/`, which a fresh clone lacks. */
export default function setup(): void {
  mkdirSync("test-results", { recursive: true });
}
