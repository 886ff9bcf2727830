/* global performance */
// The last step of `npm run build`: every complex's prerendered pages, rendered by the server build
// (server/render-site.js) into <BUILD_DIR>/sites/<id>.json, which the server answers from memory.
import "../server/production-env.js";
import { join, resolve } from "node:path";
import { loadServerBuild } from "../server/build.js";
import { renderSite, saveCriticalCss, writeSitePages } from "../server/render-site.js";

const buildDir = resolve(process.env.BUILD_DIR || "build");
const server = await loadServerBuild(buildDir);
const only = process.argv.slice(2);
for (const id of server.entry.sitesForServer.ids()) {
  if (only.length && !only.includes(id)) continue;
  const started = performance.now();
  const rendered = await renderSite(server, id, join(buildDir, "client"));
  writeSitePages(buildDir, id, rendered);
  const count = Object.keys(rendered.pages).length;
  const ms = Math.round(performance.now() - started);
  console.log(`sites: ${id} — ${count} pages in ${ms} ms (${rendered.origin})`);
}
// The critical CSS chosen per page shape, for the processes that render a complex again.
saveCriticalCss(join(buildDir, "client"));
