import { afterEach, beforeEach, vi } from "vitest";

// A console.error during a test fails it: errors that nobody asserts on are bugs.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((e) => e.map(String).join(" ")).join("\n")}`,
    );
  }
});
