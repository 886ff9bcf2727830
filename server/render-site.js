// @ts-check
/*
 * One way to render a complex: every prerendered page of it (its content pages, its customer page,
 * its calendar files), rendered by the server build's own request handler exactly as a visitor's
 * request would be, with the complex chosen by its `<id>.localhost` host name. The build calls it
 * for each complex (scripts/render-sites.mjs) and writes the result to `<build>/sites/<id>.json`;
 * the server reads those files at start-up and answers the pages from memory (server/app.js), and
 * renders a complex whose file is missing. A running server can call it again after a complex's
 * data changed and swap the result in.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRequestHandler } from "react-router";
import { createCriticalCss } from "./critical-css.js";

/** @typedef {import("./build.js").LoadedBuild} LoadedBuild */
/**
 * A complex's pages as rendered: the origin they were written with, and each path's body and type.
 * `key`: the content's key (sitesForServer.key) they were rendered from.
 * @typedef {{ origin: string, key?: string, pages: Record<string, { html: string, type: string }> }} RenderedSite
 */

/**
 * One critical-CSS chooser per build's client folder, so its choices serve every complex.
 * @type {Map<string, ReturnType<typeof createCriticalCss>>}
 */
const criticalCss = new Map();
/** @param {string} clientDir */
const criticalCssOf = (clientDir) => {
  let inline = criticalCss.get(clientDir);
  if (!inline) criticalCss.set(clientDir, (inline = createCriticalCss(clientDir)));
  return inline;
};

/**
 * Keeps the critical-CSS choices made while rendering with this build's `clientDir` in the build,
 * for the processes that render it again (server/critical-css.js choicesFile).
 * @param {string} clientDir
 */
export function saveCriticalCss(clientDir) {
  criticalCssOf(clientDir).save();
}

/**
 * `{ origin, pages: { [path]: { html, type } } }` for the complex `id`: `origin` is the public
 * origin the pages were written with (their canonical links, feeds and structured data). Each
 * HTML page carries the rules of the stylesheets in `clientDir` it uses inline
 * (server/critical-css.js).
 * @param {LoadedBuild} server the server build (server/build.js)
 * @param {string} id
 * @param {string} clientDir
 * @param {{ beforePage?: () => Promise<void> }} [options] `beforePage`: awaited before each page
 * (the render process lets a render someone waits on go first: server/render-worker.js)
 * @returns {Promise<RenderedSite>}
 */
export async function renderSite(server, id, clientDir, { beforePage } = {}) {
  const sites = server.entry.sitesForServer;
  // The logo and share image drawn from its identity are in the media store before a page names them.
  await sites.prepare(id);
  /** @type {RenderedSite["pages"]} */
  const pages = {};
  for (const path of sites.paths(id)) {
    await beforePage?.();
    const page = await renderPage(server, id, path, clientDir);
    if (page.status !== 200) {
      throw new Error(`단지 ${id}의 ${path} 페이지를 만들지 못했습니다 (HTTP ${page.status})`);
    }
    pages[path] = { html: page.html, type: page.type };
  }
  return { origin: sites.origin(id), key: sites.key(id), pages };
}

/** @type {WeakMap<import("react-router").ServerBuild, ReturnType<typeof createRequestHandler>>} */
const handlers = new WeakMap();

/**
 * One page of the complex `id` as renderSite renders it (critical CSS inline), with its status: the
 * preview (app/routes/admin/console/preview.page.tsx) renders a draft's page with it, the complex's id
 * resolving to the draft for the time of the render (registry.server.ts withSiteOverride).
 * @param {LoadedBuild} server
 * @param {string} id
 * @param {string} path
 * @param {string} clientDir
 * @returns {Promise<{ status: number, html: string, type: string }>}
 */
export async function renderPage({ build }, id, path, clientDir) {
  let handle = handlers.get(build);
  if (!handle) handlers.set(build, (handle = createRequestHandler(build, "production")));
  const inline = criticalCssOf(clientDir);
  const response = await handle(new Request(`http://${id}.localhost${path}`), {});
  const body = await response.text();
  const type = response.headers.get("content-type") ?? "text/html";
  const html = type.startsWith("text/html") && response.status === 200 ? await inline(body) : body;
  return { status: response.status, html, type };
}

const fileOf = (/** @type {string} */ buildDir, /** @type {string} */ id) =>
  join(buildDir, "sites", `${id}.json`);

/**
 * Writes a rendered complex atomically (a reader never sees half a file).
 * @param {string} buildDir
 * @param {string} id
 * @param {RenderedSite} rendered
 */
export function writeSitePages(buildDir, id, rendered) {
  const file = fileOf(buildDir, id);
  mkdirSync(join(buildDir, "sites"), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(rendered));
  renameSync(`${file}.tmp`, file);
}

/**
 * The rendered complex the build wrote, or undefined.
 * @param {string} buildDir
 * @param {string} id
 * @returns {RenderedSite | undefined}
 */
export function readSitePages(buildDir, id) {
  const file = fileOf(buildDir, id);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}
