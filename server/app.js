/**
 * The production HTTP server: prerendered pages as static files (no trailing-slash redirect),
 * hashed assets with long-lived cache headers, compression, security headers, and the
 * React Router handler for everything dynamic (forms, press, 404).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { createHash } from "node:crypto";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";

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
 * SITE_URL every occurrence is rewritten here.
 */
export function loadPrerendered(clientDir, siteUrl) {
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
    pages.set(path, { html, etag, type: isData ? "text/x-script" : "text/html; charset=utf-8" });
  }
  return pages;
}

export async function createApp({ buildDir = "build", siteUrl, mode = "production" } = {}) {
  const serverBuildPath = resolve(buildDir, "server/index.js");
  const clientDir = resolve(buildDir, "client");
  const build = await import(serverBuildPath);
  const pages = loadPrerendered(clientDir, siteUrl);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
  app.use(compression());
  app.use((req, res, next) => {
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "SAMEORIGIN",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    });
    next();
  });

  // One address per page: "/Brand/intro/" → "/Brand/intro".
  app.use((req, res, next) => {
    if (
      req.path.length > 1 &&
      req.path.endsWith("/") &&
      (req.method === "GET" || req.method === "HEAD")
    ) {
      const query = req.url.slice(req.path.length);
      return res.redirect(301, req.path.replace(/\/+$/, "") + query);
    }
    next();
  });

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
    if (req.headers["if-none-match"] === page.etag) return res.status(304).end();
    res.send(page.html);
  });

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

  // req.ip honours "trust proxy": the client address for rate limits (see app/routes/lead-action.server.ts).
  app.all(
    "/{*splat}",
    createRequestHandler({ build, mode, getLoadContext: (req) => ({ ip: req.ip }) }),
  );
  return { app, build };
}
