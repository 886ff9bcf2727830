// @ts-check
/*
 * React Router's request handler behind Express, in place of @react-router/express: the body comes
 * from server/body-limit.js (bodyOf), counted against its limit as it streams (the stock adapter
 * hands React Router the raw, unlimited socket stream), and the request's URL is built in one
 * place that the origin check (server/guards.js) shares. An answer waits for what the application
 * left of the body to be read and dropped (a browser reads no answer it gets early).
 */
import { createRequestHandler } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import { bodyOf, bodyRead, bodyRefused } from "./body-limit.js";

/** @typedef {import("express").Request} ExpressRequest */
/** @typedef {import("express").Response} ExpressResponse */
/** @typedef {import("react-router").AppLoadContext} AppLoadContext */
/**
 * React Router's answer to an Express request, as a web Response (not yet sent).
 * @typedef {(req: ExpressRequest, res: ExpressResponse, context: AppLoadContext) => Promise<Response>} Render
 */

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a visitor's browser sees: scheme and host from the proxy's X-Forwarded-Proto and
 * X-Forwarded-Host when the peer is trusted (Express's `req.protocol`, `req.host` under
 * "trust proxy"), else from the connection and the Host header. A host that is not a host name
 * (`a@b`, `x/y`, a port past 65535) is replaced by `fallbackHost`, the host of SITE_URL.
 * @param {ExpressRequest} req
 * @param {string} fallbackHost
 */
export function requestOrigin(req, fallbackHost) {
  const protocol = req.protocol === "https" ? "https" : "http";
  if (req.host && HOST.test(req.host)) {
    try {
      // As a browser writes it in Origin: lower case, no default port (":443" under https).
      return new URL(`${protocol}://${req.host}`).origin;
    } catch {
      // a port out of range: not a host either
    }
  }
  return `${protocol}://${fallbackHost}`;
}

/**
 * The scheme the visitor's browser used, from Node's own request (the fast path has no Express
 * one), as Express's `req.protocol` reads it: the first X-Forwarded-Proto when the peer is a
 * trusted proxy, else the connection's own.
 * @param {import("node:http").IncomingMessage} req
 * @param {(address: string | undefined, hop: number) => boolean} trusted
 */
export function requestProtocol(req, trusted) {
  const own = "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  const forwarded = req.headers["x-forwarded-proto"];
  if (!forwarded || !trusted(req.socket.remoteAddress, 0)) return own;
  return String(forwarded).split(",")[0]?.trim().toLowerCase() || own;
}

/**
 * The host name a request asks for, from Node's own request (the fast path has no Express one):
 * the first X-Forwarded-Host when the peer is a trusted proxy (`trusted`: proxy-addr's compiled
 * "trust proxy"), else Host; lower case, "" when it is not a host name.
 * @param {import("node:http").IncomingMessage} req
 * @param {(address: string | undefined, hop: number) => boolean} trusted
 */
export function requestHost(req, trusted) {
  const forwarded = req.headers["x-forwarded-host"];
  let host =
    forwarded && trusted(req.socket.remoteAddress, 0) ? String(forwarded) : req.headers.host;
  if (!host) return "";
  const comma = host.indexOf(",");
  if (comma !== -1) host = host.slice(0, comma).trim();
  return HOST.test(host) ? host.toLowerCase() : "";
}

/**
 * @param {ExpressRequest} req
 * @param {ExpressResponse} res
 * @param {string} origin
 */
function toRequest(req, res, origin) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = req.method !== "GET" && req.method !== "HEAD" ? bodyOf(req) : null;
  return new Request(origin + req.originalUrl, {
    method: req.method,
    headers,
    signal: controller.signal,
    // A stream needs `duplex: "half"` (the body is sent as it comes, before any answer).
    ...(body
      ? { body: /** @type {BodyInit} */ (/** @type {unknown} */ (body)), duplex: "half" }
      : {}),
  });
}

/**
 * A cookie set on an answer that goes over https (SITE_URL's scheme aside: a TLS proxy in front
 * of a server whose SITE_URL says http) is marked Secure, so the browser never sends it over http.
 * @param {ExpressRequest} req
 * @param {string} name
 * @param {string} value
 */
function secureOverHttps(req, name, value) {
  if (name !== "set-cookie" || !req.secure || /;\s*secure\s*(;|$)/i.test(value)) return value;
  return `${value}; Secure`;
}

/** Headers the server sets on every answer that a route may set for itself instead. */
const OWN_HEADERS = new Set(["content-security-policy", "x-content-type-options"]);

/**
 * @param {ExpressRequest} req
 * @param {ExpressResponse} res
 * @param {Response} response
 */
async function send(req, res, response) {
  // A body past its limit is answered 413 by body-limit.js, whatever the application made of it.
  if (!bodyRefused(req)) await bodyRead(req);
  if (bodyRefused(req) || res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // A route's own policy (an uploaded SVG's, app/routes/endpoints/media.file.ts) replaces the one the
    // server set for every answer, rather than adding a second one.
    if (OWN_HEADERS.has(key)) res.set(key, value);
    else res.append(key, secureOverHttps(req, key, value));
  }
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/**
 * React Router's answer to an Express request, as a web Response (not yet sent). `context` is the
 * load context the route loaders see.
 * @param {{ build: import("react-router").ServerBuild, mode: string, origin: (req: ExpressRequest) => string }} options
 * @returns {Render}
 */
export function createRender({ build, mode, origin }) {
  const handle = createRequestHandler(build, mode);
  return (req, res, context) => handle(toRequest(req, res, origin(req)), context);
}

/**
 * Express middleware running React Router. `intercept(req, res, response)` may answer instead of
 * React Router's response (and return true): used for the 405 React Router gives a page without an
 * action, whose text names the internal route module. `scope(work)` runs each request's work and
 * then removes the temporary files its forms left (app/http/streamed-form.server.ts
 * withRequestFiles), once its answer is sent or its client went away.
 * @param {{
 *   render: Render,
 *   getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
 *   intercept?: (req: ExpressRequest, res: ExpressResponse, response: Response) => boolean,
 *   scope?: <T>(work: () => Promise<T>) => Promise<T>,
 * }} options
 * @returns {import("express").RequestHandler}
 */
export function reactRouterHandler({
  render,
  getLoadContext,
  intercept,
  scope = (work) => work(),
}) {
  return async (req, res, next) => {
    try {
      await scope(async () => {
        const response = await render(req, res, getLoadContext(req, res));
        if (intercept?.(req, res, response)) {
          await response.body?.cancel();
          return;
        }
        await send(req, res, response);
      });
    } catch (error) {
      next(error);
    }
  };
}
