// @ts-check
/**
 * The production HTTP server. The order a request meets things:
 *   1. The fast path (server/fast-pages.js, through `handler`): a GET or HEAD without a body for
 *      exactly the path of a prerendered page or its `.data` file (query string ignored) is answered
 *      from memory, pre-compressed, with the headers step 5 sends (but an ETag per encoding and a
 *      Content-Length). Everything else goes on to the Express app, which answers it as below.
 *   2. Compression; the security headers and the strict Content-Security-Policy.
 *   3. The guards: a large upload checked on its headers before its body is read (403, 401, 503:
 *      server/upload-guard.js), allowed methods (405, before the body is read), a limited body
 *      (413: 64 KB for any method but POST), a decodable path (400), the trailing-slash redirect
 *      (301).
 *   4. /assets: hashed files, immutable for a year.
 *   5. Prerendered pages, for the requests step 1 left (a GET that carries a body).
 *   6. The press list and articles kept for visitors (server/rendered-cache.js), then other files
 *      of the client build (robots.txt, images), an hour.
 *   7. Same-origin form posts (403), then React Router for everything dynamic (forms, press, 404),
 *      and last the Korean 500 page.
 */
import { join, resolve } from "node:path";
import { createHash } from "node:crypto";
import { setImmediate } from "node:timers";
import compression from "compression";
import express from "express";
import { limitBody } from "./body-limit.js";
import { loadServerBuild } from "./build.js";
import { createRefuse } from "./error-page.js";
import { createFastPages } from "./fast-pages.js";
import {
  decodablePath,
  onlyAllowedMethods,
  sameOriginPosts,
  withoutTrailingSlash,
} from "./guards.js";
import {
  createRender,
  reactRouterHandler,
  requestHost,
  requestOrigin,
  requestProtocol,
} from "./react-router.js";
import { renderedCache } from "./rendered-cache.js";
import { readSitePages, renderPage, renderSite } from "./render-site.js";
import { createRenderer } from "./renderer.js";
import {
  baseSecurityHeaders,
  complexPolicy,
  createNonce,
  inlineScriptHashes,
  inlineStyleHashes,
  STRICT_TRANSPORT_SECURITY,
} from "./security-headers.js";
import { createPageCache } from "./page-cache.js";
import { parseTrustProxy } from "./trust-proxy.js";
import { guardUploads } from "./upload-guard.js";

/** @typedef {import("express").Request} Request */
/** @typedef {import("./fast-pages.js").Page} Page */
/** @typedef {import("./security-headers.js").PolicySources} PolicySources */
/**
 * A complex as the server keeps it: the facts of its error pages and its strict policy (answers
 * that run no inline script), for every complex.
 * @typedef {{ facts: import("./error-page.js").SiteFacts, strictPolicy: string }} Complex
 */
/**
 * A complex's prerendered pages as held in memory (server/page-cache.js), and their fast path.
 * @typedef {{ pages: Map<string, Page>, fastPage: ReturnType<typeof createFastPages> }} HeldPages
 */

/** What the held pages may take together, by default (PAGE_CACHE_MB). */
export const PAGE_CACHE_MB = 256;

/**
 * The memory a complex's pages take, as held: each page's UTF-8 bytes, and about half those again
 * once compressed with brotli and gzip (0.55 for the sample's 36 pages at the quick levels).
 * @param {Map<string, Page>} pages
 */
export function heldBytes(pages) {
  let bytes = 0;
  for (const page of pages.values()) bytes += page.body.length * 1.55;
  return Math.round(bytes);
}

/**
 * What a complex whose pages are not served still answers: the console, its files and pictures,
 * and the inbound hooks (another server's POST names its complex in the path, not the host).
 */
const CONSOLE_PATH = /^\/(admin|assets|img|media|fonts|hooks)(\/|$)|^\/favicon/;

export const CACHE = {
  immutable: "public, max-age=31536000, immutable",
  page: "public, max-age=0, must-revalidate",
  file: "public, max-age=3600",
};

/**
 * One complex's prerendered pages as the server keeps them, from what server/render-site.js
 * rendered: `Map<path, { body, etag, csp, type }>`, each page's text as UTF-8 bytes only (as a
 * string V8 keeps Korean text at two bytes a character: with 500 complexes the held pages' strings
 * took more memory than their bytes and compressed forms together). They were written with the
 * complex's public origin at build time (canonical links, structured data); when it differs now
 * (another SITE_URL) every occurrence is rewritten. Each page's Content-Security-Policy names the
 * hashes of its inline scripts and styles, taken after that rewrite.
 * @param {import("./render-site.js").RenderedSite} rendered
 * @param {string} origin
 * @param {PolicySources} [policy]
 * @returns {Map<string, Page>}
 */
export function pagesFrom(rendered, origin, policy = {}) {
  /** @type {Map<string, Page>} */
  const pages = new Map();
  const baked = rendered.origin;
  // The origin, not a longer host that starts with it ("http://localhost:3000" but not ":30001").
  const escaped = baked.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  const rewrite = baked !== origin ? new RegExp(`${escaped}(?![\\w.:-])`, "g") : null;
  for (const [path, page] of Object.entries(rendered.pages)) {
    const html = rewrite ? page.html.replace(rewrite, origin) : page.html;
    const etag = `"${createHash("sha1").update(html).digest("base64url").slice(0, 22)}"`;
    const isHtml = page.type.startsWith("text/html");
    const csp = isHtml
      ? complexPolicy(policy, inlineScriptHashes(html), inlineStyleHashes(html))
      : undefined;
    pages.set(path, {
      body: Buffer.from(html, "utf8"),
      etag,
      csp,
      type: isHtml ? "text/html; charset=utf-8" : page.type,
    });
  }
  return pages;
}

/**
 * The Express app. `trustProxy` is the parsed TRUST_PROXY (server/trust-proxy.js); `siteUrl` the
 * public address (its scheme turns HSTS on, its host stands in for a Host header that is not one).
 * The server build's exports are checked when it is loaded (server/build.js): a missing one stops
 * the start.
 * `start`: what runs once the build is loaded and before the complexes are read (the services'
 * start-up: migrations, the content store into the registry); its result is returned as `started`.
 * @template T
 * `pageCacheMb`: what the complexes' pages held in memory may take (PAGE_CACHE_MB, default 256):
 * only the default complex's are loaded at start, any other's on its first request.
 * @param {{ buildDir?: string, siteUrl?: string, mode?: string, trustProxy?: import("./trust-proxy.js").TrustProxy, pageCacheMb?: number, start: (entry: import("./build.js").ServerEntry) => Promise<T> }} options
 */
export async function createApp({
  buildDir = "build",
  siteUrl = "http://localhost:3000",
  mode = "production",
  trustProxy = parseTrustProxy(undefined),
  pageCacheMb = Number(process.env.PAGE_CACHE_MB) || PAGE_CACHE_MB,
  start,
}) {
  const clientDir = resolve(buildDir, "client");
  const server = await loadServerBuild(buildDir);
  const { build, entry } = server;
  const started = await start(entry);
  const sites = entry.sitesForServer;
  const stylesheets = build.assets.routes.root?.css ?? [];
  const fallbackHost = new URL(siteUrl).host;
  const origin = (/** @type {Request} */ req) => requestOrigin(req, fallbackHost);

  // Per complex: its facts (error page, frame sources), its strict policy and its pages in memory.
  // A complex whose pages are not served (made in the console and never published, or taken down)
  // has none: its hosts answer 준비 중, but for the console.
  /** @type {Map<string, Complex>} */
  const complexes = new Map();
  /** Pages swapped in and not yet stored (`storeAfter`): a stop waits for them. */
  const storing = new Set();
  /**
   * The complex's pages: the build's when they were rendered from the same content (the samples);
   * else the ones stored for its content and this build (app/sites/stored-pages.server.ts: rendered
   * by this instance before, or another); else rendered now, and stored. Instances that render the
   * same key together each store it once: the first insert wins, the others do nothing.
   * @param {string} id
   * @param {{ build?: boolean, offThread?: boolean, background?: boolean, storeAfter?: boolean }} [options]
   * `build: false`: not the build's file (a change at run time); `offThread`: rendered in the
   * render process (while visitors are answered), the default for a change; `background`: nobody
   * waits for it; `storeAfter`: stored once the caller has swapped the pages in (an administrator
   * waits for them, not for the store)
   * @returns {Promise<import("./render-site.js").RenderedSite>}
   */
  async function pagesOf(
    id,
    {
      build: fromBuild = true,
      offThread = !fromBuild,
      background = false,
      storeAfter = false,
    } = {},
  ) {
    if (sites.state(id) !== "live") return { origin: sites.origin(id), pages: {} };
    const key = sites.key(id);
    if (fromBuild) {
      const rendered = readSitePages(buildDir, id);
      if (rendered && (rendered.key === undefined || rendered.key === key)) return rendered;
    }
    const storedKey = `${key}:${build.assets.version}`;
    const stored = await entry.storedPages.get(id, storedKey);
    if (stored) {
      console.log(`pages: ${id} loaded from the store`);
      return JSON.parse(stored);
    }
    const rendered = !offThread
      ? await renderSite(server, id, clientDir)
      : await renderOffThread(id, { background }).catch((error) => {
          console.error(`[render] 작업 스레드에서 만들지 못해 다시 만듭니다 (${id}):`, error);
          return renderSite(server, id, clientDir);
        });
    console.log(`pages: ${id} rendered`);
    const store = () => entry.storedPages.put(id, storedKey, JSON.stringify(rendered));
    if (!storeAfter) await store();
    else {
      // Stored after the swap; a stop waits for it (flushStores), so what was shown is stored.
      const pending = new Promise((resolve) => setImmediate(resolve))
        .then(store)
        .catch((error) =>
          console.error(`[pages] 단지 ${id}의 페이지를 저장하지 못했습니다:`, error),
        )
        .finally(() => storing.delete(pending));
      storing.add(pending);
    }
    return rendered;
  }
  // A complex rendered again while the server answers visitors (a publish, a live value, a cold
  // complex's first visitor) renders in the render process (server/renderer.js): started with the
  // server, at the server's own CPU priority while someone waits for a render, else at nice 19; it
  // renders from this process's snapshot of the complexes.
  const renderer = createRenderer({
    args: [buildDir, clientDir],
    snapshot: (sent) => sites.snapshot(sent),
  });
  const renderOffThread = renderer.render;

  /** @param {string} id @returns {Complex} */
  function complexFacts(id) {
    const facts = { ...sites.facts(id), stylesheets };
    return { facts, strictPolicy: complexPolicy(facts.policy) };
  }
  for (const id of sites.ids()) complexes.set(id, complexFacts(id));

  /**
   * A complex's rendered pages as held: with their fast path (compressed as asked for, and in the
   * background: `quick` while visitors are answered) and their size.
   * @param {string} id @param {import("./render-site.js").RenderedSite} rendered @param {boolean} quick
   * @returns {{ value: HeldPages, bytes: number }}
   */
  function holding(id, rendered, quick) {
    const c = /** @type {Complex} */ (complexes.get(id));
    const pages = pagesFrom(rendered, sites.origin(id), c.facts.policy);
    return { value: { pages, fastPage: fastPagesOf(c, pages, quick) }, bytes: heldBytes(pages) };
  }
  // A cold complex is loaded on its first request: from the build's or the stored pages, or else
  // rendered in the render process (never in this thread while visitors wait).
  const pageCache = createPageCache({
    maxBytes: pageCacheMb * 1024 * 1024,
    load: async (id) => holding(id, await pagesOf(id, { offThread: true }), true),
    letGo: (held) => held.fastPage.release(),
    log: (line) => console.log(line),
  });
  // The complex a request is for, by its host name (X-Forwarded-Host from a trusted proxy, as
  // Express's req.host reads it; the fast path has no Express request); remembered per host.
  // Express's compiled "trust proxy" setting (set on the app below).
  /** @type {(address: string | undefined, hop: number) => boolean} */
  const trusted = (address, hop) => app.get("trust proxy fn")(address, hop);
  /** @type {Map<string, string>} */
  const byHost = new Map();
  const complexIdOf = (/** @type {import("node:http").IncomingMessage} */ req) => {
    const host = requestHost(req, trusted);
    let id = byHost.get(host);
    if (id === undefined) {
      id = sites.idForHost(host);
      if (byHost.size >= 1000) byHost.clear();
      byHost.set(host, id);
    }
    return id;
  };
  const complexOf = (/** @type {import("node:http").IncomingMessage} */ req) => {
    const id = complexIdOf(req);
    const complex = complexes.get(id);
    if (!complex) throw new Error(`단지 ${id}의 페이지가 없습니다`);
    return complex;
  };
  const refuse = createRefuse((req) => complexOf(req).facts);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  app.use(compression());
  const httpsSite = siteUrl.startsWith("https:");
  const headers = baseSecurityHeaders({ https: httpsSite });
  // No inline script may run unless an answer below names it (hashes or a nonce).
  app.use((req, res, next) => {
    res.set(headers);
    res.set("Content-Security-Policy", complexOf(req).strictPolicy);
    next();
  });

  app.use(guardUploads({ adminOf: entry.adminSessionOf, requestOrigin: origin, refuse }));
  // A method the application never answers is refused before its body is read (unread when large).
  app.use(onlyAllowedMethods(refuse));
  app.use(
    limitBody((req, res, limit, { unread }) =>
      refuse(req, res, 413, { limit, unread, log: "본문 크기 초과" }),
    ),
  );
  app.use(decodablePath(refuse));
  app.use(withoutTrailingSlash());

  app.use(
    "/assets",
    express.static(join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      redirect: false,
      index: false,
    }),
  );

  // A complex whose pages are not served: 준비 중 on its hosts, but for the console and its files.
  app.use((req, res, next) => {
    if (sites.state(complexIdOf(req)) === "live" || CONSOLE_PATH.test(req.path)) return next();
    res.set("X-Robots-Tag", "noindex");
    refuse(req, res, 503);
  });

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pageCache.get(complexIdOf(req))?.pages.get(req.path);
    if (!page) return next();
    res.set({ "Content-Type": page.type, "Cache-Control": CACHE.page, ETag: page.etag });
    if (page.csp) res.set("Content-Security-Policy", page.csp);
    if (req.headers["if-none-match"] === page.etag) return res.status(304).end();
    res.send(page.body);
  });

  /**
   * 미리보기 (app/routes/admin/console/preview.page.tsx): one page as the public renderer renders it, with
   * the policy its inline scripts and styles need. The route calls it with the complex's id
   * resolving to its draft; nothing is kept.
   * @type {NonNullable<import("react-router").AppLoadContext["renderPage"]>}
   */
  async function previewPage(id, path, edit) {
    const page = await renderPage(server, id, path, clientDir);
    if (!page.type.startsWith("text/html")) return page;
    const html = edit(page.html);
    const { policy } = sites.facts(id);
    return {
      ...page,
      html,
      csp: complexPolicy(policy, inlineScriptHashes(html), inlineStyleHashes(html)),
    };
  }

  const render = createRender({ build, mode, origin });
  // The press list and articles, rendered once and kept for visitors (server/rendered-cache.js);
  // before the file lookup below, which no press path can match.
  const pressPages = renderedCache({
    pages: entry.renderedPress,
    render,
    complexOf: (req) => ({ id: complexIdOf(req), policy: complexOf(req).facts.policy }),
  });
  app.use(pressPages);

  app.use(
    express.static(clientDir, {
      redirect: false,
      index: false,
      maxAge: "1h",
      setHeaders(res, path) {
        if (path.endsWith(".html")) res.setHeader("Cache-Control", CACHE.page);
      },
    }),
  );

  app.use(sameOriginPosts(origin, refuse));

  // React Router renders with a fresh nonce, which entry.server.tsx puts on every inline script.
  // req.ip honours "trust proxy": the client address for rate limits (app/http/client-ip.server.ts).
  app.use(
    reactRouterHandler({
      render,
      // The temporary files of the forms a request read go once it is answered.
      scope: entry.withRequestFiles,
      getLoadContext(req, res) {
        const cspNonce = createNonce();
        let { policy } = complexOf(req).facts;
        // 미리보기 (/admin/preview) shows the draft's pages in frames of this site; every console
        // page allows them, as the console reaches it by client-side navigation too.
        if (req.path === "/admin" || req.path.startsWith("/admin/"))
          policy = { ...policy, frames: [...(policy.frames ?? []), "'self'"] };
        res.set("Content-Security-Policy", complexPolicy(policy, [`'nonce-${cspNonce}'`]));
        return { ip: req.ip, cspNonce, renderPage: previewPage };
      },
      // React Router's 405 for a page without an action names the route module: answer it here,
      // with the Allow a route set itself (a POST-only endpoint: api.channel.ts).
      intercept(req, res, response) {
        if (response.status !== 405) return false;
        const allow = response.headers.get("allow");
        refuse(req, res, 405, { allow: allow ? allow.split(/,\s*/) : ["GET", "HEAD"] });
        return true;
      },
    }),
  );

  // Anything that still fails: the Korean page, one log entry.
  app.use(
    /** @type {import("express").ErrorRequestHandler} */ (error, req, res, next) => {
      // express.static's answer to a range past a file's end (a film's, /img/…): 416, no failure.
      if (error?.status === 416 && !res.headersSent)
        return res
          .status(416)
          .set(error.headers ?? {})
          .end();
      console.error(`[500] ${req.method} ${req.originalUrl.slice(0, 200)}:`, error);
      if (res.headersSent) return next(error);
      refuse(req, res, 500);
    },
  );

  // The fast path answers a prerendered page before Express (server/fast-pages.js) with the headers
  // the page middleware above sets; whatever it does not answer goes through the app as before.
  const fastPagesOf = (
    /** @type {Complex} */ c,
    /** @type {Map<string, Page>} */ pages,
    quick = false,
  ) =>
    createFastPages(pages, {
      headers: {
        ...headers,
        "Content-Security-Policy": c.strictPolicy,
        "Cache-Control": CACHE.page,
      },
      quick,
    });
  // Start-up loads the default complex's pages only; the others' when first asked for.
  const defaultId = sites.idForHost(fallbackHost);
  if (complexes.has(defaultId)) {
    const rendered = await pagesOf(defaultId);
    const { value, bytes } = holding(defaultId, rendered, false);
    pageCache.set(defaultId, value, bytes);
  }
  /** @type {import("node:http").RequestListener} */
  const handler = (req, res) => {
    // HSTS on every answer over https: SITE_URL's (in `headers`), and behind a trusted TLS proxy
    // (X-Forwarded-Proto: https) whatever SITE_URL says.
    if (!httpsSite && requestProtocol(req, trusted) === "https") {
      res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    }
    const id = complexIdOf(req);
    const held = pageCache.get(id);
    if (held) {
      if (!held.fastPage(req, res)) app(req, res);
      return;
    }
    // A complex whose pages are not held: a visitor's GET waits for them (one load per complex,
    // however many ask), anything else goes on at once.
    const method = req.method;
    const path = req.url ?? "/";
    if (
      (method !== "GET" && method !== "HEAD") ||
      !complexes.has(id) ||
      sites.state(id) !== "live" ||
      CONSOLE_PATH.test(path)
    )
      return app(req, res);
    pageCache.load(id).then(
      (loaded) => {
        if (!loaded.fastPage(req, res)) app(req, res);
      },
      (error) => {
        console.error(`[pages] 단지 ${id}의 페이지를 불러오지 못했습니다:`, error);
        app(req, res);
      },
    );
  };

  /**
   * Renders a complex's pages again and swaps them in (its data changed): visitors get the old
   * pages until the new ones are ready, never a page rendered per request. `quick`: while visitors
   * are answered, the new pages are compressed faster (server/fast-pages.js).
   * @param {string} id
   * @param {{ quick?: boolean }} [options]
   */
  async function rerender(id, { quick = true } = {}) {
    byHost.clear();
    if (sites.state(id) === "gone") {
      // Deleted in the console: its hosts go to the default complex.
      complexes.delete(id);
      pageCache.drop(id);
      await entry.storedPages.drop(id);
      return;
    }
    // Its error pages' facts too (the phone number on them), and its press pages at their next
    // request (rendered per request from the complex as it is now).
    complexes.set(id, complexFacts(id));
    pressPages.forget(id);
    const wasHeld = pageCache.has(id);
    // Not held: the change is stored for its next visitor, nothing kept here (a load under way
    // would bring the old pages: it is let go).
    if (!wasHeld) pageCache.drop(id);
    const rendered = await pagesOf(id, { build: false, storeAfter: wasHeld });
    if (!wasHeld) return;
    const { value, bytes } = holding(id, rendered, quick);
    pageCache.set(id, value, bytes);
  }

  /**
   * After start-up, in the background: every complex's pages for this build stored (rendered in
   * the render process when not), so that a cold complex's first visitor gets them from the store.
   */
  async function storeEveryComplex() {
    for (const id of sites.ids()) {
      if (sites.state(id) !== "live" || pageCache.has(id)) continue;
      const fromBuild = readSitePages(buildDir, id);
      if (fromBuild && (fromBuild.key === undefined || fromBuild.key === sites.key(id))) continue;
      if (await entry.storedPages.has(id, `${sites.key(id)}:${build.assets.version}`)) continue;
      await pagesOf(id, { build: false, background: true });
    }
  }
  return {
    app,
    build,
    entry,
    handler,
    rerender,
    started,
    storeEveryComplex,
    /** Waits for the pages swapped in but not yet stored (before the process stops). */
    flushStores: () => Promise.allSettled([...storing]),
    /** The render process started, and warmed with a render of the default complex. */
    startRenderer() {
      renderer.start();
      if (complexes.has(defaultId) && sites.state(defaultId) === "live") renderer.warm(defaultId);
    },
    pagesHeld: () => pageCache.stats(),
  };
}
