import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";

/** NODE_ENV as a fresh Node process sees it after loading production-env.js, from `env`. */
function nodeEnvAfterImport(env) {
  return execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      'await import("./server/production-env.js"); console.log(process.env.NODE_ENV ?? "")',
    ],
    { env: { PATH: process.env.PATH, ...env }, encoding: "utf8" },
  ).trim();
}

describe("npm start's mode", () => {
  test("without NODE_ENV the server runs React and Express in production mode", () => {
    expect(nodeEnvAfterImport({})).toBe("production");
    expect(nodeEnvAfterImport({ NODE_ENV: "" })).toBe("production");
  });

  test("an explicit NODE_ENV is kept", () => {
    expect(nodeEnvAfterImport({ NODE_ENV: "development" })).toBe("development");
  });
});
