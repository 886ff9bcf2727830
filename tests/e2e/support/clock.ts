/*
 * A server whose clock a test moves (./clock.cjs): start it with `startServer({ ...clockEnv(file) })`
 * and move it with `setClock(file, at)`; the server's `new Date()` then answers `at` and runs on
 * from there (within 100 ms of the call). The test's own Date is not moved.
 */
import { renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const PRELOAD = fileURLToPath(new URL("./clock.cjs", import.meta.url));

/** The environment a server needs for its clock to follow `file`. */
export function clockEnv(file: string): { NODE_OPTIONS: string; TEST_CLOCK_FILE: string } {
  const before = process.env.NODE_OPTIONS?.trim();
  return {
    NODE_OPTIONS: `${before ? `${before} ` : ""}--require ${JSON.stringify(PRELOAD)}`,
    TEST_CLOCK_FILE: file,
  };
}

/** Moves the clock of the servers that follow `file` so that now is `at` (written at once, whole). */
export function setClock(file: string, at: Date): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, String(at.getTime() - Date.now()));
  renameSync(temporary, file);
}
