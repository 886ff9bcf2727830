// @ts-check
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";

let folder = "";
afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

/**
 * A process with the server's last-resort handler (`guarded`: and keepOutputFromFailing) whose
 * reader of stdout and stderr reads one chunk of what fills the pipe (the child's writes queue) and
 * then goes away; the process then logs a line, and 300 ms later writes to a file how many uncaught
 * exceptions it saw.
 */
/** @param {boolean} guarded */
async function brokenReader(guarded) {
  folder = mkdtempSync(join(tmpdir(), "log-streams-"));
  const result = join(folder, "result.json");
  const script = `
    import { writeFileSync } from "node:fs";
    import { keepOutputFromFailing } from ${JSON.stringify(new URL("./log-streams.js", import.meta.url).href)};
    if (${guarded}) keepOutputFromFailing();
    let uncaught = 0;
    process.on("uncaughtException", (error) => { uncaught++; console.error("[uncaughtException]", error); });
    const line = "줄".repeat(1000);
    for (let i = 0; i < 2000; i++) console.error(line);
    setTimeout(() => {
      console.error("오류 줄");
      setTimeout(() => {
        writeFileSync(${JSON.stringify(result)}, JSON.stringify({ uncaught }));
        process.exit(0);
      }, 300);
    }, 600);`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The reader takes the first chunk, reads no more and goes away while the child's writes wait.
  child.stderr.once("data", () => {
    child.stdout.destroy();
    child.stderr.destroy();
  });
  await new Promise((resolve) => child.on("exit", resolve));
  return JSON.parse(readFileSync(result, "utf8"));
}

test("a server whose log reader went away keeps going: no uncaught exception, no loop", async () => {
  const { uncaught } = await brokenReader(true);
  expect(uncaught).toBe(0);
});

test("without it, the same broken reader makes the last-resort handler loop (what the guard prevents)", async () => {
  const { uncaught } = await brokenReader(false);
  expect(uncaught).toBeGreaterThan(100);
});
