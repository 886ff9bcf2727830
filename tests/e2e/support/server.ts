import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type RunningServer = {
  url: string;
  port: number;
  /** The server process (to hold it up with SIGSTOP and SIGCONT). */
  pid: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** The servers this process started that still run (leftServersStopped). */
const running = new Set<ChildProcess>();

/**
 * Kills the servers still running at the end of a file (tests/setup/e2e-servers.ts): a file whose
 * beforeAll failed after starting one (a browser that did not launch) never stops it, and it would
 * outlive the run (an orphan found at 55 % of a core).
 */
export async function leftServersStopped(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      return exited;
    }),
  );
}

/**
 * Starts the built production server (`node server/index.js`) on a free port with a fresh
 * data folder, and waits until it answers. Run `npm run build` first (npm run test:e2e does).
 */
export async function startServer(
  extraEnv: NodeJS.ProcessEnv = {},
  reuse?: { dataDir: string },
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = reuse?.dataDir ?? mkdtempSync(join(tmpdir(), "site-e2e-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL_E2E ?? "",
    // The complex under test (support/sites.ts) is the one answered on localhost.
    ...(process.env.E2E_SITE ? { DEFAULT_SITE: process.env.E2E_SITE } : {}),
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, ["server/index.js"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const url = `http://localhost:${port}`;
  // Generous: a loaded machine compresses every complex's pages at start-up (seconds, not a budget).
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/robots.txt`);
      if (res.ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    env,
    output: () => log,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill(signal);
        await exited;
      }
      if (!reuse && signal !== "SIGKILL" && !extraEnv.KEEP_DATA)
        rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The instances of a test that checks what every instance serves: with PostgreSQL
 * (TEST_DATABASE_URL, CI) two on one fresh schema named after `name`; with SQLite, one.
 * `stop()` stops them and drops the schema.
 */
export async function startInstances(
  name: string,
  env: Record<string, string> = {},
): Promise<{ servers: RunningServer[]; stop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = `${name}_${process.pid}`;
  const onSchema = async (sql: string) => {
    const client = new pg.Client(url);
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  let databaseUrl = "";
  if (url) {
    await onSchema(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    databaseUrl = `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  const withDb = { ...env, DATABASE_URL: databaseUrl };
  const servers = [await startServer(withDb)];
  if (databaseUrl) servers.push(await startServer(withDb));
  return {
    servers,
    async stop() {
      for (const s of servers) await s.stop();
      if (url) await onSchema(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}
