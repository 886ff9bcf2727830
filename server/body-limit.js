// @ts-check
/*
 * Request bodies are read here, before React Router sees them, and counted on the stream itself:
 * Content-Length is only a client's claim (a chunked body has none).
 */

/** Any request body: a lead form is a few hundred bytes. */
export const BODY_LIMIT = 64 * 1024;
/** Administrator and press addresses: a press photo (10 MB) and its form. */
export const UPLOAD_BODY_LIMIT = 11 * 1024 * 1024;
/**
 * Bytes read and dropped after a refusal. A client is usually still sending when the 413 leaves;
 * closing the connection on unread bytes resets it, and the client may lose the answer with it.
 * Past this the connection is cut (the reverse proxy's own limit should come first, docs/deploy.md).
 */
export const DRAIN_LIMIT = 64 * 1024 * 1024;

const UPLOAD_PATH = /^\/admin\/|^\/[a-z0-9-]+\/press(\/|$)/;

/**
 * The body limit of a path (its `.data` twin, where scripts post, has the same).
 * @param {string} path
 */
export function bodyLimitFor(path) {
  return UPLOAD_PATH.test(path.replace(/\.data$/, "")) ? UPLOAD_BODY_LIMIT : BODY_LIMIT;
}

/** @param {import("node:http").IncomingMessage} req */
function hasBody(req) {
  return (
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0
  );
}

/**
 * Middleware: reads the whole body into `req.body` (a Buffer) and then goes on, or calls
 * `tooLarge(req, res, limit)` as soon as the body passes its path's limit — at once when
 * Content-Length already says so — and drops what follows, up to DRAIN_LIMIT.
 * @param {(req: import("express").Request, res: import("express").Response, limit: number) => void} tooLarge
 * @returns {import("express").RequestHandler}
 */
export function limitBody(tooLarge) {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const limit = bodyLimitFor(req.path);
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let refused = false;
    let dropped = 0;

    const refuse = () => {
      refused = true;
      chunks.length = 0;
      tooLarge(req, res, limit);
    };
    req.on("data", (/** @type {Buffer} */ chunk) => {
      if (refused) {
        dropped += chunk.length;
        if (dropped > DRAIN_LIMIT) req.destroy();
        return;
      }
      size += chunk.length;
      if (size > limit) refuse();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      if (refused) return;
      req.body = Buffer.concat(chunks, size);
      next();
    });
    // A client that goes away mid-body: nothing to answer.
    req.on("error", () => {
      refused = true;
    });
    if (Number(req.headers["content-length"]) > limit) refuse();
  };
}
