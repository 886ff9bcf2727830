/**
 * The production HTTP server. The order a request meets things:
 *   1. The fast path (server/fast-pages.js, through `handler`): a GET or HEAD without a body for
 *      exactly the path of a prerendered page or its `.data` file (query string ignored) is answered
 *      from memory, pre-compressed, with the headers step 5 sends (but an ETag per encoding and a
 *      Content-Length). Everything else goes on to the Express app, which answers it as below.
 *   2. Compression; the security headers and the strict Content-Security-Policy.
 *   3. The guards: a limited body (413), allowed methods (405), a decodable path (400), the
 *      trailing-slash redirect (301).
 *   4. /assets: hashed files, immutable for a year.
 *   5. Prerendered pages, for the requests step 1 left (a GET that carries a body).
 *   6. The press list and articles kept for visitors (server/rendered-cache.js), then other files
 *      of the client build (robots.txt, images), an hour.
 *   7. Same-origin form posts (403), then React Router for everything dynamic (forms, press, 404),
 *      and last the Korean 500 page.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { createHash } from "node:crypto";
import compression from "compression";
import express from "express";
import { limitBody } from "./body-limit.js";
import { createRefuse } from "./error-page.js";
import { createFastPages } from "./fast-pages.js";
import {
  decodablePath,
  onlyAllowedMethods,
  sameOriginPosts,
  withoutTrailingSlash,
} from "./guards.js";
import { createRender, reactRouterHandler, requestOrigin } from "./react-router.js";
import { renderedCache } from "./rendered-cache.js";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  inlineScriptHashes,
} from "./security-headers.js";
import { parseTrustProxy } from "./trust-proxy.js";

export const CACHE = {
  immutable: "public, max-age=31536000, immutable",
  page: "public, max-age=0, must-revalidate",
  file: "public, max-age=3600",
};

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/**
 * Prerendered pages (`<path>/index.html`) and their loader data for client navigation (`<path>.data`),
 * read once at start-up. They were written with the SITE_URL of the build — in the tags and in the
 * root loader's data, which sets the tags again after hydration; when the server runs under another
 * SITE_URL every occurrence is rewritten here. Each page's Content-Security-Policy names the hashes
 * of its inline scripts, taken after that rewrite.
 */
export function loadPrerendered(clientDir, siteUrl, frameSources = []) {
  const pages = new Map();
  const files = walk(clientDir).filter(
    (f) => f.endsWith(`${sep}index.html`) || f.endsWith(".data"),
  );
  const home =
    files.find((f) => f === join(clientDir, "index.html")) ??
    files.find((f) => f.endsWith(".html"));
  const baked =
    home && /<link rel="canonical" href="(https?:\/\/[^/"]+)/.exec(readFileSync(home, "utf8"))?.[1];
  // The origin, not a longer host that starts with it ("http://localhost:3000" but not ":30001").
  const escaped = baked?.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  const origin =
    baked && siteUrl && baked !== siteUrl ? new RegExp(`${escaped}(?![\\w.:-])`, "g") : null;
  for (const file of files) {
    let html = readFileSync(file, "utf8");
    if (origin) html = html.replace(origin, siteUrl);
    const isData = file.endsWith(".data");
    const path =
      "/" +
      relative(clientDir, file)
        .split(sep)
        .slice(0, isData ? undefined : -1)
        .join("/");
    const etag = `"${createHash("sha1").update(html).digest("base64url").slice(0, 22)}"`;
    const csp = isData
      ? undefined
      : contentSecurityPolicy({ scripts: inlineScriptHashes(html), frames: frameSources });
    pages.set(path, {
      html,
      etag,
      csp,
      type: isData ? "text/x-script" : "text/html; charset=utf-8",
    });
  }
  return pages;
}

/**
 * The Express app. `trustProxy` is the parsed TRUST_PROXY (server/trust-proxy.js); `siteUrl` the
 * public address (its scheme turns HSTS on, its host stands in for a Host header that is not one).
 */
export async function createApp({
  buildDir = "build",
  siteUrl = "http://localhost:3000",
  mode = "production",
  trustProxy = parseTrustProxy(undefined),
} = {}) {
  const serverBuildPath = resolve(buildDir, "server/index.js");
  const clientDir = resolve(buildDir, "client");
  const build = await import(serverBuildPath);
  const site = {
    ...build.entry.module.siteForServer,
    stylesheets: build.assets.routes.root?.css ?? [],
  };
  const pages = loadPrerendered(clientDir, siteUrl, site.frameSources);
  const refuse = createRefuse(site);
  const fallbackHost = new URL(siteUrl).host;
  const origin = (req) => requestOrigin(req, fallbackHost);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  app.use(compression());
  const headers = baseSecurityHeaders({ https: siteUrl.startsWith("https:") });
  // No inline script may run unless an answer below names it (hashes or a nonce).
  const strictPolicy = contentSecurityPolicy({ frames: site.frameSources });
  app.use((req, res, next) => {
    res.set(headers);
    res.set("Content-Security-Policy", strictPolicy);
    next();
  });

  app.use(limitBody((req, res, limit) => refuse(req, res, 413, { limit, log: "본문 크기 초과" })));
  app.use(onlyAllowedMethods(refuse));
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

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(req.path);
    if (!page) return next();
    res.set({ "Content-Type": page.type, "Cache-Control": CACHE.page, ETag: page.etag });
    if (page.csp) res.set("Content-Security-Policy", page.csp);
    if (req.headers["if-none-match"] === page.etag) return res.status(304).end();
    res.send(page.html);
  });

  const render = createRender({ build, mode, origin });
  // The press list and articles, rendered once and kept for visitors (server/rendered-cache.js);
  // before the file lookup below, which no press path can match.
  const pressPages = build.entry.module.renderedPress;
  if (pressPages) app.use(renderedCache({ pages: pressPages, render, frames: site.frameSources }));

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
  // req.ip honours "trust proxy": the client address for rate limits (app/routes/lead-action.server.ts).
  app.use(
    reactRouterHandler({
      render,
      getLoadContext(req, res) {
        const cspNonce = createNonce();
        res.set(
          "Content-Security-Policy",
          contentSecurityPolicy({ scripts: [`'nonce-${cspNonce}'`], frames: site.frameSources }),
        );
        return { ip: req.ip, cspNonce };
      },
      // React Router's 405 for a page without an action names the route module: answer it here.
      intercept(req, res, response) {
        if (response.status !== 405) return false;
        refuse(req, res, 405, { allow: ["GET", "HEAD"] });
        return true;
      },
    }),
  );

  // Anything that still fails: the Korean page, one log entry.
  app.use((error, req, res, next) => {
    console.error(`[500] ${req.method} ${req.originalUrl.slice(0, 200)}:`, error);
    if (res.headersSent) return next(error);
    refuse(req, res, 500);
  });

  // The fast path answers a prerendered page before Express (server/fast-pages.js) with the headers
  // the page middleware above sets; whatever it does not answer goes through the app as before.
  const fastPage = createFastPages(pages, {
    headers: { ...headers, "Content-Security-Policy": strictPolicy, "Cache-Control": CACHE.page },
  });
  const handler = (req, res) => {
    if (!fastPage(req, res)) app(req, res);
  };
  return { app, build, handler };
}
