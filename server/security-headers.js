// @ts-check
/*
 * Security headers, and the Content-Security-Policy of every answer. Scripts run only from this
 * site, or inline when the policy names them: prerendered pages by the hashes of their inline
 * scripts (computed when the server loads them), pages React Router renders per request by a
 * nonce. No `unsafe-inline` for scripts. See docs/decisions/006-content-security-policy.md.
 */
import { createHash, randomBytes } from "node:crypto";

/**
 * The sources a complex adds to the policy (`facts(id).policy` of the build's sitesForServer):
 * script, frame, connect and image hosts.
 * @typedef {{ scripts?: string[], frames?: string[], connect?: string[], images?: string[] }} PolicySources
 */

/**
 * The policy. `scripts`: extra script-src sources (hashes, a nonce, the hosts of a complex's ad
 * tags); `styles`: the hashes of a page's inline <style> (server/critical-css.js); `frames`: origins that may be shown in an iframe (the video, VR and PDF hosts configured
 * in content, an ad tag's); `connect` and `images`: the hosts a complex's ad tags send beacons to.
 * @param {PolicySources & { styles?: string[] }} [sources]
 */
export function contentSecurityPolicy({
  scripts = [],
  styles = [],
  frames = [],
  connect = [],
  images = [],
} = {}) {
  const directives = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scripts],
    // Stylesheets only from this site, and a prerendered page's inline rules by their hashes;
    // style="" attributes (React renders a few: animation delays, custom properties) may stay:
    // they cannot run code.
    ["style-src", "'self'", ...styles],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", ...images],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...connect],
    ["media-src", "'self'"],
    ["frame-src", ...(frames.length ? frames : ["'none'"])],
    ["frame-ancestors", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/**
 * A complex's policy: its own sources (`facts.policy` of server-facts: frames, and its ad tags'
 * hosts), the inline scripts of one answer (hashes or a nonce) and its inline styles (hashes).
 * @param {PolicySources} [sources]
 * @param {string[]} [inline]
 * @param {string[]} [styles]
 */
export function complexPolicy(sources = {}, inline = [], styles = []) {
  return contentSecurityPolicy({
    ...sources,
    scripts: [...(sources.scripts ?? []), ...inline],
    styles,
  });
}

// text/x-deferred-module: the module script a page starts after its first frame, as a new script
// element with the same text (app/lib/head-priorities.server.ts).
const EXECUTABLE =
  /^\s*(|module|text\/x-deferred-module|(text|application)\/(java|ecma)script)\s*$/i;

/**
 * CSP sources (`'sha256-…'`) of the inline scripts a browser would run in this HTML.
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attrs = "", body = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? "";
    if (!EXECUTABLE.test(type)) continue; // a data block such as application/ld+json
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * CSP sources (`'sha256-…'`) of the <style> elements in this HTML.
 * @param {string} html
 */
export function inlineStyleHashes(html) {
  const hashes = new Set();
  for (const [, body = ""] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  return [...hashes];
}

/** A fresh nonce for one answer. */
export function createNonce() {
  return randomBytes(16).toString("base64");
}

/** Browsers keep to https for a year once an answer over https said so. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/**
 * Headers every answer carries; HSTS when the site is served over https (SITE_URL; an answer to a
 * request that came over https gets it too, server/app.js).
 * @param {{ https: boolean }} options
 * @returns {Record<string, string>}
 */
export function baseSecurityHeaders({ https }) {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(https ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}),
  };
}
