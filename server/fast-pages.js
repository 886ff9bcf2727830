// @ts-check
/*
 * The fast path for prerendered pages: a GET or HEAD without a body for exactly the path of a page
 * (or its `.data` file) is answered here with Node's own http API, before Express and its middleware
 * run. Anything else is left to the Express app (server/app.js), which answers it as it always has:
 * trailing-slash redirect, guards, body limit, 404. The answer carries the headers the Express path
 * sends for a page; each page is compressed once with brotli and gzip, in the background after
 * start-up (or when first asked for in that coding).
 */
import { performance } from "node:perf_hooks";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * A prerendered page as the server keeps it (server/app.js pagesFrom): its body (UTF-8), its
 * content-hash ETag, its own Content-Security-Policy (HTML pages) and its Content-Type.
 * @typedef {{ body: Buffer, etag: string, csp?: string, type: string }} Page
 */
/** @typedef {"br" | "gzip"} Coding */
/**
 * One coding of a page's answer: its bytes, ETag and the headers of a 200 and of a 304.
 * @typedef {{ body: Buffer, etag: string, notModified: Record<string, string>, ok: Record<string, string> }} Variant
 */
/**
 * A page's answers: identity at once, each coding when first asked for (null when compressing
 * does not pay).
 * @typedef {{ identity: Variant, compress?: (coding: Coding) => Variant | null, br?: Variant | null, gzip?: Variant | null }} Answer
 */

/** Below this a page is sent as is, as the `compression` middleware did (its default threshold). */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * A strong ETag per encoding: the identity bytes keep the page's content-hash ETag, the brotli and
 * gzip bytes get it with a suffix. A strong validator promises identical bytes, and the three
 * answers differ byte for byte: with one ETag for all, a cache (or a client that switched encodings)
 * revalidating its gzip copy would get a 304 for a br request and could serve bytes it cannot
 * decode, and byte ranges would mix encodings. A weak ETag would avoid that but would not tell a
 * shared cache holding several variants (Vary: Accept-Encoding) which of them a 304 refers to.
 */
const SUFFIX = { br: "-br", gzip: "-gz" };
const withSuffix = (/** @type {string} */ etag, /** @type {string} */ suffix) =>
  `${etag.slice(0, -1)}${suffix}"`;

/*
 * Brotli quality 10: for the ~36 pages above the threshold (~0.9 MB) it took 0.6 s at start-up on
 * the 2-core machine under load, against 2.1 s at 11 (2 % smaller) and 20 ms at 5 (9 % larger).
 * Pages swapped in while visitors are answered (a publish, a live value: `quick`) are compressed at
 * brotli 5 and gzip 6: at 10 and 9 the compression of a complex's pages after each publish took the
 * server's thread from visitors (prerendered throughput while publishing back to back 0.29 of before,
 * 0.81 at 5; scripts/bench-publish.mjs). They are compressed at 10 again at the next start.
 */
/** @type {Coding[]} */
const CODINGS = ["br", "gzip"];
/** @param {number} brotli @param {number} gzip @returns {Record<Coding, (body: Buffer) => Buffer>} */
const compressorsAt = (brotli, gzip) => ({
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: brotli,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: gzip }),
});
const COMPRESSORS = {
  best: compressorsAt(10, constants.Z_BEST_COMPRESSION),
  quick: compressorsAt(5, 6),
};

/** `text/x-script` → `text/x-script; charset=utf-8`, as Express's `res.send` sets it for a string. */
const withCharset = (/** @type {string} */ type) =>
  /;\s*charset=/i.test(type) ? type : `${type}; charset=utf-8`;

/**
 * The coding to send for an Accept-Encoding header: br, then gzip, else identity. The highest
 * q-value wins, br on a tie; `q=0` refuses a coding, `*` stands for codings not named.
 * @param {string | undefined} acceptEncoding
 * @returns {Coding | "identity"}
 */
export function chooseEncoding(acceptEncoding) {
  if (!acceptEncoding) return "identity";
  /** @type {Record<string, number>} */
  const q = {};
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.split(";");
    let weight = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) weight = Number(m[1]);
    }
    q[(name ?? "").trim().toLowerCase()] = weight;
  }
  const br = q.br ?? q["*"] ?? 0;
  const gzip = q.gzip ?? q["x-gzip"] ?? q["*"] ?? 0;
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}

/**
 * If-None-Match lists the ETag: weak comparison (a `W/` prefix is ignored), `*` matches any, as
 * RFC 9110 §13.1.2 asks.
 * @param {string | undefined} ifNoneMatch
 * @param {string} etag
 */
export function matchesEtag(ifNoneMatch, etag) {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  for (let tag of ifNoneMatch.split(",")) {
    tag = tag.trim();
    if (tag === "*") return true;
    if (tag.startsWith("W/")) tag = tag.slice(2);
    if (tag === etag) return true;
  }
  return false;
}

/*
 * Every page of every complex is compressed in the background after start-up: one queue for the
 * process, a complex's pages in turn, one page per turn of the event loop, so requests are answered
 * in between. A complex let go from memory (its `release`) leaves the queue at its next turn and
 * holds nothing meanwhile: when the queue held every page to compress, visiting 500 complexes one
 * after another queued 18,000 pages (a minute of compressing) and kept every complex let go alive
 * until its turn, 660 MB of pages for 256 MB held (issue 43, 500 complexes in 600 MB). Each turn is
 * an unref'd timer, which fires while the server listens but does not keep a finished script
 * alive; an unref'd setImmediate did not fire in an idle process (the loop slept in its poll until
 * a request or another timer woke it), so a quiet server compressed a page per wake-up.
 */
const nextTurn = (/** @type {() => void} */ work) => setTimeout(work, 0).unref?.();
/**
 * A complex's pages still to compress: `next()` compresses one and answers whether one was (false:
 * none left, or the complex was let go).
 * @type {{ next: () => boolean }[]}
 */
const warmQueue = [];
let warming = false;
let warmed = 0;
let warmStarted = 0;
function warmNext() {
  const complex = warmQueue[0];
  if (!complex) {
    warming = false;
    // One line when the queue drains (the scale bench measures throughput after it).
    console.log(`pages compressed: ${warmed} in ${Math.round(performance.now() - warmStarted)} ms`);
    warmed = 0;
    return;
  }
  if (complex.next()) warmed++;
  else warmQueue.shift();
  nextTurn(warmNext);
}

/**
 * `pages`: the map of loadPrerendered (server/app.js). `headers`: what every page answer carries
 * (security headers, the strict Content-Security-Policy, Cache-Control); a page's own policy
 * (`page.csp`, the hashes of its inline scripts) replaces the strict one. Answers
 * `(req, res) => boolean`: true when the request was answered here, false when it is Express's.
 * `quick`: pages swapped in while the server answers visitors, compressed faster (above).
 * `release()`: the complex is let go from memory: its pages not yet compressed leave the queue.
 * @param {Map<string, Page>} pages
 * @param {{ headers: Record<string, string>, quick?: boolean }} options
 * @returns {((req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean) & { release: () => void }}
 */
export function createFastPages(pages, { headers, quick = false }) {
  const compressors = quick ? COMPRESSORS.quick : COMPRESSORS.best;
  /** @type {Map<string, Answer>} */
  const answers = new Map();
  for (const [path, page] of pages) {
    // /assets/* is express.static's before any page (server/app.js).
    if (path.startsWith("/assets/")) continue;
    const body = page.body;
    const common = {
      ...headers,
      ...(page.csp ? { "Content-Security-Policy": page.csp } : {}),
      "Content-Type": withCharset(page.type),
    };
    /**
     * @param {Buffer} bytes
     * @param {string} etag
     * @param {Coding} [encoding]
     * @returns {Variant}
     */
    const variant = (bytes, etag, encoding) => ({
      body: bytes,
      etag,
      // A 304 carries what the 200 would, less the body's length and coding (as Express sends it).
      notModified: { ...common, ETag: etag, Vary: "Accept-Encoding" },
      ok: {
        ...common,
        ETag: etag,
        "Content-Length": String(bytes.length),
        Vary: "Accept-Encoding",
        ...(encoding ? { "Content-Encoding": encoding } : {}),
      },
    });
    /** @type {Answer} */
    const answer = { identity: variant(body, page.etag) };
    if (body.length >= COMPRESSION_THRESHOLD) {
      // Compressed when first asked for, or by the warm-up below, whichever comes first: start-up
      // does not wait for every complex's pages to be compressed.
      answer.compress = (encoding) => {
        // Its own buffer: zlib's result is a view of a larger one, which would stay in memory.
        const bytes = Buffer.from(compressors[encoding](body));
        return bytes.length < body.length
          ? variant(bytes, withSuffix(page.etag, SUFFIX[encoding]), encoding)
          : null;
      };
    }
    answers.set(path, answer);
  }

  /**
   * The answer in a coding, compressed once; identity when compressing does not pay.
   * @param {Answer} answer
   * @param {Coding | "identity"} encoding
   * @returns {Variant}
   */
  function inCoding(answer, encoding) {
    if (encoding === "identity" || !answer.compress) return answer.identity;
    if (answer[encoding] === undefined) answer[encoding] = answer.compress(encoding);
    return answer[encoding] ?? answer.identity;
  }

  const toCompress = [...answers.values()].filter((answer) => answer.compress);
  if (toCompress.length) {
    warmQueue.push({
      next() {
        const answer = toCompress.shift();
        if (!answer) return false;
        CODINGS.forEach((e) => inCoding(answer, e));
        return true;
      },
    });
  }
  if (!warming && warmQueue.length) {
    warming = true;
    warmStarted = performance.now();
    nextTurn(warmNext);
  }

  function fastPage(
    /** @type {import("node:http").IncomingMessage} */ req,
    /** @type {import("node:http").ServerResponse} */ res,
  ) {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const h = req.headers;
    // A body is read and limited by Express (server/body-limit.js); such a request goes there.
    if (h["transfer-encoding"] !== undefined) return false;
    const length = h["content-length"];
    if (length !== undefined && length !== "0") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const answer = answers.get(query === -1 ? url : url.slice(0, query));
    if (answer === undefined) return false;

    const chosen = inCoding(answer, chooseEncoding(h["accept-encoding"]));
    if (matchesEtag(h["if-none-match"], chosen.etag)) {
      res.writeHead(304, chosen.notModified);
      res.end();
    } else {
      // HEAD: the headers GET would get (its coding and length), no body.
      res.writeHead(200, chosen.ok);
      res.end(method === "HEAD" ? undefined : chosen.body);
    }
    return true;
  }
  // A request that holds the fast path still gets its answer; nothing else keeps the pages.
  return Object.assign(fastPage, { release: () => void (toCompress.length = 0) });
}
