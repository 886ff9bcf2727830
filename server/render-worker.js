// @ts-check
/*
 * Renders a complex's pages in a child process at a lower CPU priority (server/app.js
 * renderOffThread), so visitors' requests keep the server's thread, and the CPU first, while a
 * published complex is rendered. The process loads the same
 * server build and, for each render, serves the main thread's snapshot of the complexes
 * (sitesForServer.snapshot/use), then renders with server/render-site.js as the main thread would.
 */
import { loadServerBuild } from "./build.js";
import { renderSite } from "./render-site.js";

const [buildDir = "build", clientDir = ""] = process.argv.slice(2);
const server = await loadServerBuild(buildDir);
/** @param {unknown} message */
const send = (message) => process.send?.(message);
// The server is gone (its IPC channel closed): so is this process.
process.on("disconnect", () => process.exit(0));

process.on(
  "message",
  /** @param {{ seq: number, id: string, snapshot: Parameters<import("./build.js").ServerEntry["sitesForServer"]["use"]>[0] }} message */
  async ({ seq, id, snapshot }) => {
    try {
      server.entry.sitesForServer.use(snapshot);
      const rendered = await renderSite(server, id, clientDir);
      send({ seq, rendered });
    } catch (error) {
      send({
        seq,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  },
);
send({ ready: true });
