// @ts-check
/*
 * Checks every request passes before it reaches the prerendered pages or React Router. Each one
 * either goes on or hands the request to `refuse(req, res, status, details)` (server/error-page.js).
 */

import { announcesLargeBody } from "./body-limit.js";

/** @typedef {import("express").RequestHandler} RequestHandler */
/** @typedef {import("./error-page.js").Refuse} Refuse */

/** The only methods the application answers; anything else is refused with 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

/**
 * Before the body is read (server/body-limit.js limitBody): a request that announces a large body
 * (over BODY_LIMIT, or chunked) is refused unread, at once, the connection closed; a small one
 * after its body (afterBody: no reset).
 * @param {Refuse} refuse
 * @returns {RequestHandler}
 */
export function onlyAllowedMethods(refuse) {
  return (req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    refuse(req, res, 405, { allow: ALLOWED_METHODS, unread: announcesLargeBody(req) });
  };
}

/** `/%`, `/%zz`: a path that cannot be decoded is answered 400 here, not by Express in English. */
/**
 * @param {Refuse} refuse
 * @returns {RequestHandler}
 */
export function decodablePath(refuse) {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      return refuse(req, res, 400);
    }
    next();
  };
}

/**
 * A path of this site for `path` without its trailing slashes. Leading slashes and backslashes
 * collapse to one slash: `//evil.example/` and `/\evil.example/` would otherwise be read by a
 * browser as the host evil.example.
 * @param {string} path
 */
export function sitePath(path) {
  return "/" + path.replace(/^[/\\]+/, "").replace(/[/\\]+$/, "");
}

/**
 * One address per page: "/Brand/intro/" → 301 "/Brand/intro" (the query string is kept).
 * @returns {RequestHandler}
 */
export function withoutTrailingSlash() {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path.length < 2 || !/[/\\]$/.test(req.path)) return next();
    const query = req.url.slice(req.path.length);
    res.redirect(301, sitePath(req.path) + query);
  };
}

/**
 * Inbound hooks (Solapi's reports, outside leads): posted by other servers, authenticated by their
 * own secret or signature rather than a session, so no Origin check applies; their refusals are
 * JSON (server/error-page.js).
 */
export const HOOK_PATH = /^\/hooks\//;

/**
 * The check React Router makes before an action (`throwIfPotentialCSRFAttack`): a form post whose
 * Origin is not the request's own origin is refused. React Router answers that with a bare English
 * "Bad Request"; made here first, the refusal gets the Korean page. `requestOrigin(req)` must be
 * the origin of the URL handed to React Router (server/react-router.js), so both checks agree.
 * Null when the request may go on (no Origin, or its own); else the line to log for the operator.
 * sameOriginPosts makes it after the body is read, server/upload-guard.js before a large one is.
 * @param {import("express").Request} req
 * @param {(req: import("express").Request) => string} requestOrigin
 * @returns {string | null}
 */
export function foreignOrigin(req, requestOrigin) {
  if (req.method !== "POST" || HOOK_PATH.test(req.path)) return null;
  const origin = req.get("origin");
  if (origin === undefined) return null;
  let sender = null;
  try {
    sender = origin === "null" ? null : new URL(origin).origin;
  } catch {
    // not a URL: refused below
  }
  const own = requestOrigin(req);
  if (sender === own) return null;
  return `Origin ${origin} ≠ ${own} (프록시 뒤라면 TRUST_PROXY와 X-Forwarded-Proto, Host를 확인하세요)`;
}

/**
 * Same-origin form posts (foreignOrigin): a post from elsewhere is refused with 403.
 * @param {(req: import("express").Request) => string} requestOrigin
 * @param {Refuse} refuse
 * @returns {RequestHandler}
 */
export function sameOriginPosts(requestOrigin, refuse) {
  return (req, res, next) => {
    const log = foreignOrigin(req, requestOrigin);
    if (log === null) return next();
    refuse(req, res, 403, { log });
  };
}
