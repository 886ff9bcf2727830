// @ts-check
/*
 * Renders a complex's pages in a child process, so visitors' requests keep the server's thread
 * while a published complex is rendered (server/renderer.js drives it and sets its CPU priority).
 * The process loads the same server build and, for each render, serves the main thread's snapshot
 * of the complexes (sitesForServer.snapshot/receive: the complexes it already has by id), then renders with server/render-site.js as the
 * main thread would. A render nobody waits on (`background`) gives way to one someone waits on
 * between pages, and takes its own snapshot back before it goes on.
 */
import { loadServerBuild } from "./build.js";
import { createTurns } from "./renderer.js";
import { renderSite } from "./render-site.js";

const [buildDir = "build", clientDir = ""] = process.argv.slice(2);
const server = await loadServerBuild(buildDir);
/** @param {unknown} message */
const send = (message) => process.send?.(message);
// The server is gone (its IPC channel closed): so is this process.
process.on("disconnect", () => process.exit(0));
const turns = createTurns();

process.on(
  "message",
  /** @param {{ seq: number, id: string, background?: boolean, warm?: boolean, snapshot: Parameters<import("./build.js").ServerEntry["sitesForServer"]["receive"]>[0] }} message */
  async ({ seq, id, background = false, warm = false, snapshot }) => {
    if (!background) turns.begin();
    try {
      // Taken in at once, in the order the messages came (each names only what is new since).
      const use = server.entry.sitesForServer.receive(snapshot);
      use();
      const rendered = await renderSite(server, id, clientDir, {
        beforePage: background
          ? async () => {
              if (await turns.turn()) use();
            }
          : undefined,
      });
      // A warm-up's pages are not wanted (server/renderer.js warm).
      if (!warm) send({ seq, rendered });
    } catch (error) {
      if (warm) return;
      send({
        seq,
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      if (!background) turns.end();
    }
  },
);
send({ ready: true });
