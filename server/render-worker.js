// @ts-check
/*
 * Renders a complex's pages off the main thread (server/app.js renderOffThread), so visitors'
 * requests keep their thread while a published complex is rendered. The worker loads the same
 * server build and, for each render, serves the main thread's snapshot of the complexes
 * (sitesForServer.snapshot/use), then renders with server/render-site.js as the main thread would.
 */
import { parentPort, workerData } from "node:worker_threads";
import { loadServerBuild } from "./build.js";
import { renderSite } from "./render-site.js";

/** @type {{ buildDir: string, clientDir: string }} */
const { buildDir, clientDir } = workerData;
const server = await loadServerBuild(buildDir);

parentPort?.on(
  "message",
  /** @param {{ seq: number, id: string, snapshot: Parameters<import("./build.js").ServerEntry["sitesForServer"]["use"]>[0] }} message */
  async ({ seq, id, snapshot }) => {
    try {
      server.entry.sitesForServer.use(snapshot);
      const rendered = await renderSite(server, id, clientDir);
      parentPort?.postMessage({ seq, rendered });
    } catch (error) {
      parentPort?.postMessage({
        seq,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  },
);
parentPort?.postMessage({ ready: true });
