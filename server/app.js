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
 * Prerendered pages, read once at start-up. Their canonical and sharing URLs were written with the
 * SITE_URL of the build; when the server runs under another SITE_URL they are rewritten here.
 */
export function loadPrerendered(clientDir, siteUrl) {
  const pages = new Map();
  for (const file of walk(clientDir)) {
    if (!file.endsWith(`${sep}index.html`) && file !== join(clientDir, "index.html")) continue;
    let html = readFileSync(file, "utf8");
    const baked = /<link rel="canonical" href="(https?:\/\/[^/"]+)/.exec(html)?.[1];
    if (baked && siteUrl && baked !== siteUrl) html = html.split(`${baked}/`).join(`${siteUrl}/`);
    const rel = relative(clientDir, file).split(sep).slice(0, -1).join("/");
    const path = `/${rel}`;
    const etag = `"${createHash("sha1").update(html).digest("base64url").slice(0, 22)}"`;
    pages.set(path, { html, etag });
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
    if (req.path.length > 1 && req.path.endsWith("/") && (req.method === "GET" || req.method === "HEAD")) {
      const query = req.url.slice(req.path.length);
      return res.redirect(301, req.path.replace(/\/+$/, "") + query);
    }
    next();
  });

  app.use(
    "/assets",
    express.static(join(clientDir, "assets"), { immutable: true, maxAge: "1y", redirect: false, index: false }),
  );

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(req.path);
    if (!page) return next();
    res.set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": CACHE.page, ETag: page.etag });
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

  app.all("/{*splat}", createRequestHandler({ build, mode }));
  return { app, build };
}
