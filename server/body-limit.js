// @ts-check
/*
 * Request bodies are counted here, on the stream itself, before React Router sees them:
 * Content-Length is only a client's claim (a chunked body has none). A body a path takes up to
 * BODY_LIMIT (a lead form: a few hundred bytes) is read whole into `req.body`; a larger one (the
 * console's and the press pages' posts: pictures, films, zips) is handed on as it streams
 * (`bodyOf`), counted as it passes, and never held: the application parses it as it comes
 * (app/http/streamed-form.server.ts; issue 43, docs/decisions/047-streamed-bodies.md).
 */
import { ReadableStream } from "node:stream/web";

/** Any request body: a lead form is a few hundred bytes. */
export const BODY_LIMIT = 64 * 1024;
/** Administrator and press addresses: a press photo (10 MB) and its form. */
export const UPLOAD_BODY_LIMIT = 11 * 1024 * 1024;
/**
 * The console's picture upload (POST /admin/media): a 20 MB picture, its alt text and the
 * multipart framing (app/routes/admin/console/media.ts reads as much, MEDIA_BODY_MAX).
 */
export const MEDIA_BODY_LIMIT = 21 * 1024 * 1024;
/**
 * A complex's zip imported in the console (POST /admin/sites, /admin/sites/<id>): 100 MB
 * (SITE_ZIP_MAX_BYTES, app/console/portable.server.ts) and the multipart framing.
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
/** The guided start's steps that take a picture (the logo, the hero): as /admin/media. */
const START_PICTURE_PATH = /^\/admin\/sites\/[a-z0-9-]+\/start\/(color|photo)$/;

/**
 * The kind of file a console upload path takes (`/admin/media/pdf` → "pdf"), or undefined.
 * @param {string} path
 * @returns {keyof typeof FILE_BODY_LIMITS | undefined}
 */
export function fileUploadKind(path) {
  const kind = FILE_UPLOAD_PATH.exec(path.replace(/\.data$/, ""))?.[1];
  return /** @type {keyof typeof FILE_BODY_LIMITS | undefined} */ (kind);
}

const PRESS_PATH = /^\/admin\/press(\/|$)|^\/[a-z0-9-]+\/press(\/|$)/;

/**
 * Whether a path takes files (a picture, a film, a notice, a zip, a press photo), whose posts count
 * toward the bound on uploads received at once (server/upload-guard.js); a console form that is only
 * large (the content form carries the whole draft) does not.
 * @param {string} path
 */
export function takesFiles(path) {
  const page = path.replace(/\.data$/, "");
  return (
    page === MEDIA_UPLOAD_PATH ||
    START_PICTURE_PATH.test(page) ||
    fileUploadKind(page) !== undefined ||
    SITE_IMPORT_PATH.test(page) ||
    PRESS_PATH.test(page)
  );
}

/**
 * The body limit of a request by its method and path (a path's `.data` twin, where scripts post,
 * has the same). Only a POST uploads: any other method may carry BODY_LIMIT at most, whatever its
 * path (an anonymous GET of 150 MB to /admin/media/video was once read whole and answered 200).
 * @param {string} path
 * @param {string} method
 */
export function bodyLimitFor(path, method) {
  if (method !== "POST") return BODY_LIMIT;
  const page = path.replace(/\.data$/, "");
  if (page === MEDIA_UPLOAD_PATH || START_PICTURE_PATH.test(page)) return MEDIA_BODY_LIMIT;
  const kind = fileUploadKind(page);
  if (kind) return FILE_BODY_LIMITS[kind];
  if (SITE_IMPORT_PATH.test(page)) return SITE_IMPORT_BODY_LIMIT;
  return UPLOAD_PATH.test(page) ? UPLOAD_BODY_LIMIT : BODY_LIMIT;
}

/**
 * The most bytes of a refused POST body that are read before the connection is cut: the path's
 * limit and DRAIN_LIMIT more. Any other method's refusal reads nothing more (limitBody answers it
 * unread).
 * @param {string} path
 * @param {string} method
 */
export const drainLimitFor = (path, method) =>
  method === "POST" ? bodyLimitFor(path, method) + DRAIN_LIMIT : BODY_LIMIT;

/**
 * Whether the request's headers announce a body larger than anyone may send, or do not say how
 * large it is (chunked).
 * @param {import("node:http").IncomingMessage} req
 */
export function announcesLargeBody(req) {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  return Number(req.headers["content-length"]) > BODY_LIMIT;
}

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
  // A streamed body the application stops reading (limitBody): what comes now is dropped.
  streamed.get(req)?.release();
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

/** Streamed bodies (limitBody), by request: the stream the application reads, and its release. */
/** @type {WeakMap<import("node:http").IncomingMessage, { stream: ReadableStream<Uint8Array>, release: () => void }>} */
const streamed = new WeakMap();
/** Requests whose streamed body passed its limit: their refusal is being answered (limitBody). */
/** @type {WeakSet<import("node:http").IncomingMessage>} */
const refusedBodies = new WeakSet();

/**
 * The body to hand the application: the buffer read whole, the counted stream, or null.
 * @param {import("express").Request} req
 * @returns {Buffer | ReadableStream<Uint8Array> | null}
 */
export function bodyOf(req) {
  return req.body ?? streamed.get(req)?.stream ?? null;
}

/**
 * Whether the request's streamed body passed its limit while the application read it: its 413 is
 * being answered (after the rest is drained), and the application's own answer is dropped.
 * @param {import("node:http").IncomingMessage} req
 */
export const bodyRefused = (req) => refusedBodies.has(req);

/**
 * Resolves once the request's streamed body has been read to its end (what the application left
 * is read and dropped, as a refusal's is: afterBody), or its client went away. At once for a body
 * read whole, or none.
 * @param {import("node:http").IncomingMessage} req
 * @returns {Promise<void>}
 */
export function bodyRead(req) {
  if (req.complete || !streamed.has(req)) return Promise.resolve();
  return new Promise((resolve) => {
    afterBody(req, resolve);
    req.once("close", resolve);
  });
}

/**
 * The number of bytes of the request's body, read to its end (a bare handler's reading, as the
 * tests' applications do), or null when it passed its limit and is being refused.
 * @param {import("express").Request} req
 * @returns {Promise<number | null>}
 */
export async function readBody(req) {
  const body = bodyOf(req);
  if (!body) return 0;
  if (Buffer.isBuffer(body)) return body.length;
  let bytes = 0;
  try {
    for await (const chunk of body) bytes += chunk.byteLength;
  } catch {
    return null;
  }
  return bytes;
}

/** What the application's reader meets when its body passes the path's limit. */
export class BodyTooLargeError extends Error {
  /** @param {number} limit */
  constructor(limit) {
    super(`본문이 ${limit}바이트를 넘었습니다`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * Hands the body on as a web stream, counted as it passes: paused while the application does not
 * read (the stream holds one 64 KB piece at most), refused past `limit` (the application's stream
 * fails, and `tooLarge` answers once the rest is dropped), failed when the client goes away. Once
 * released (the application answered, or a refusal came, without reading it all: afterBody), what
 * comes is counted and dropped, and past `drain` the connection is cut.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {number} limit
 * @param {number} drain
 * @param {Parameters<typeof limitBody>[0]} tooLarge
 */
function streamBody(req, res, limit, drain, tooLarge) {
  let open = true;
  let listening = false;
  let received = 0;
  /** @type {ReadableStreamDefaultController<Uint8Array>} */
  let controller;
  /** @param {Error} error */
  const fail = (error) => {
    if (!open) return;
    open = false;
    controller.error(error);
  };
  const onData = (/** @type {Buffer} */ chunk) => {
    received += chunk.length;
    if (received > drain) return void req.destroy();
    if (!open) return;
    if (received > limit) {
      refusedBodies.add(req);
      fail(new BodyTooLargeError(limit));
      return tooLarge(req, res, limit, { unread: false });
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const listen = () => {
    if (listening) return;
    listening = true;
    req.on("data", onData);
  };
  req.on("end", () => {
    if (!open) return;
    open = false;
    controller.close();
  });
  // A client that goes away mid-body: the application's reader fails (its temporary files go).
  req.on("close", () => {
    if (!req.complete) fail(new Error("본문이 끝나기 전에 연결이 끊겼습니다"));
  });
  req.on("error", () => fail(new Error("본문을 읽지 못했습니다")));
  /** @type {ReadableStream<Uint8Array>} */
  const stream = new ReadableStream(
    {
      start(c) {
        controller = c;
      },
      pull() {
        listen();
        req.resume();
      },
      cancel() {
        open = false;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk?.byteLength ?? 0 },
  );
  streamed.set(req, {
    stream,
    release() {
      fail(new Error("본문을 더 읽지 않습니다"));
      listen();
    },
  });
}

/**
 * Middleware: counts the body against its limit (bodyLimitFor) and then goes on. A body of a path
 * that takes at most BODY_LIMIT is read whole into `req.body` (a Buffer) first; a larger path's
 * is handed on as it streams (bodyOf), refused when it passes its limit while it is read. The
 * refusal is `tooLarge(req, res, limit, { unread })` — at once when Content-Length already says
 * so. A POST's refusal drops what follows, up to drainLimitFor (it is answered after it,
 * afterBody: a browser reads no answer it gets early); any other method's is `unread`: nothing
 * more is read, and the refusal answers at once and closes the connection (server/error-page.js),
 * for no form sends a large GET or PUT.
 * @param {(req: import("express").Request, res: import("express").Response, limit: number, details: { unread: boolean }) => void} tooLarge
 * @returns {import("express").RequestHandler}
 */
export function limitBody(tooLarge) {
  return (req, res, next) => {
    // No body, or one the upload guard dropped unread (server/upload-guard.js).
    if (!hasBody(req) || req.body !== undefined) return next();
    const limit = bodyLimitFor(req.path, req.method);
    const drain = drainLimitFor(req.path, req.method);
    const unread = req.method !== "POST";
    if (limit > BODY_LIMIT && !(Number(req.headers["content-length"]) > limit)) {
      streamBody(req, res, limit, drain, tooLarge);
      return next();
    }
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let refused = false;
    let received = 0;
    const refuse = () => {
      refused = true;
      chunks.length = 0;
      if (unread) req.pause();
      tooLarge(req, res, limit, { unread });
    };
    req.on("data", (/** @type {Buffer} */ chunk) => {
      received += chunk.length;
      if (refused) {
        if (!unread && received > drain) req.destroy();
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
