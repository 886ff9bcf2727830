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
 * The console's picture upload (POST /admin/media): a 20 MB picture, its alt text and the
 * multipart framing (app/routes/admin.media.ts reads as much, MEDIA_BODY_MAX).
 */
export const MEDIA_BODY_LIMIT = 21 * 1024 * 1024;
/**
 * A complex's zip imported in the console (POST /admin/sites, /admin/sites/<id>): 100 MB
 * (SITE_ZIP_MAX_BYTES, app/sites/portable.server.ts) and the multipart framing.
 */
export const SITE_IMPORT_BODY_LIMIT = 101 * 1024 * 1024;
/**
 * The console's file uploads (POST /admin/media/<kind>): each kind's largest file
 * (app/lib/file-upload.ts FILE_LIMITS, which server/guards.test.js holds these to) and 1 MB of
 * multipart framing.
 */
export const FILE_BODY_LIMITS = {
  panorama: 41 * 1024 * 1024,
  video: 201 * 1024 * 1024,
  captions: 2 * 1024 * 1024,
  pdf: 31 * 1024 * 1024,
};
/**
 * Bytes read and dropped after a refusal beyond the path's own limit, before it is answered
 * (afterBody): a body up to its limit and this much more gets its answer (a 250 MB film sent to
 * the 201 MB film upload reads "200MB 이하", not a reset). Past it the connection is cut (the
 * reverse proxy's own limit should come first, docs/deploy.md).
 */
export const DRAIN_LIMIT = 64 * 1024 * 1024;
/** How long a refusal waits for more of a body that stopped coming, before it answers anyway. */
export const DRAIN_MS = 10_000;

const UPLOAD_PATH = /^\/admin\/|^\/[a-z0-9-]+\/press(\/|$)/;
export const MEDIA_UPLOAD_PATH = "/admin/media";
const SITE_IMPORT_PATH = /^\/admin\/sites(\/[a-z0-9-]+)?$/;
const FILE_UPLOAD_PATH = /^\/admin\/media\/(panorama|video|captions|pdf)$/;

/**
 * The kind of file a console upload path takes (`/admin/media/pdf` → "pdf"), or undefined.
 * @param {string} path
 * @returns {keyof typeof FILE_BODY_LIMITS | undefined}
 */
export function fileUploadKind(path) {
  const kind = FILE_UPLOAD_PATH.exec(path.replace(/\.data$/, ""))?.[1];
  return /** @type {keyof typeof FILE_BODY_LIMITS | undefined} */ (kind);
}

/**
 * The body limit of a path (its `.data` twin, where scripts post, has the same).
 * @param {string} path
 */
export function bodyLimitFor(path) {
  const page = path.replace(/\.data$/, "");
  if (page === MEDIA_UPLOAD_PATH) return MEDIA_BODY_LIMIT;
  const kind = fileUploadKind(page);
  if (kind) return FILE_BODY_LIMITS[kind];
  if (SITE_IMPORT_PATH.test(page)) return SITE_IMPORT_BODY_LIMIT;
  return UPLOAD_PATH.test(page) ? UPLOAD_BODY_LIMIT : BODY_LIMIT;
}

/**
 * The most bytes of a refused body that are read before the connection is cut: the path's limit
 * and DRAIN_LIMIT more.
 * @param {string} path
 */
export const drainLimitFor = (path) => bodyLimitFor(path) + DRAIN_LIMIT;

/** @param {import("node:http").IncomingMessage} req */
function hasBody(req) {
  return (
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0
  );
}

/**
 * Calls `answer()` once every byte of the request has been read off the connection: at once when
 * it has (`req.complete`: no body, or a body already read), else after reading and dropping the
 * rest of the body, up to drainLimitFor (limitBody cuts past that), or once no byte has come for
 * DRAIN_MS (a large film over a slow line keeps coming for longer than that).
 *
 * Every refusal goes through here (server/error-page.js). The cause of the resets of issue 28: a
 * 413 was answered as soon as the body passed its limit, while the client was still sending. On a
 * keep-alive connection Node went on reading the rest; but when the connection was to close after
 * the answer (`Connection: close`, HTTP/1.0, a server stopping), Node closed the socket as soon as
 * the answer was written, with the client's bytes still unread, and the kernel answers a close on
 * unread data with a reset (RST) instead of a FIN. The client, still writing, got EPIPE or
 * ECONNRESET and usually lost the answer it had been sent: 1 to 2 in 20 of such 413s in a run of
 * 20 in parallel (none of 360 refused PUT/PATCH/DELETE with 20 KB bodies, whose bodies limitBody
 * had read first). Answered after the body, the connection closes with nothing unread.
 * @param {import("node:http").IncomingMessage} req
 * @param {() => void} answer
 */
export function afterBody(req, answer) {
  if (req.complete) return answer();
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    answer();
  };
  // A client that stops sending mid-body: answer anyway, and let Node close the connection.
  const timer = setTimeout(go, DRAIN_MS);
  timer.unref();
  req.on("data", () => timer.refresh());
  req.once("end", go);
  // A client that went away: nothing to answer.
  req.once("close", () => {
    done = true;
    clearTimeout(timer);
  });
  // Reads what nobody reads yet (limitBody drops what it reads after a refusal).
  req.resume();
}

/**
 * Middleware: reads the whole body into `req.body` (a Buffer) and then goes on, or calls
 * `tooLarge(req, res, limit)` as soon as the body passes its path's limit — at once when
 * Content-Length already says so — and drops what follows, up to drainLimitFor (the refusal is
 * answered after it, afterBody).
 * @param {(req: import("express").Request, res: import("express").Response, limit: number) => void} tooLarge
 * @returns {import("express").RequestHandler}
 */
export function limitBody(tooLarge) {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const limit = bodyLimitFor(req.path);
    const drain = drainLimitFor(req.path);
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let refused = false;
    let received = 0;

    const refuse = () => {
      refused = true;
      chunks.length = 0;
      tooLarge(req, res, limit);
    };
    req.on("data", (/** @type {Buffer} */ chunk) => {
      received += chunk.length;
      if (refused) {
        if (received > drain) req.destroy();
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
