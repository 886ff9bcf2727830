// @ts-check
/*
 * Rendered press pages kept in memory for visitors (docs/decisions/016-rendered-press-pages.md).
 * React Router renders the press list or an article in about 5 ms of CPU; under 50 concurrent
 * readers that queues into seconds. So the page is rendered once and kept, with placeholders where
 * each answer differs: the CSP nonce, and an article's view count, which every answer still counts
 * in the database first (one atomic UPDATE, as before) and then writes into its copy.
 *
 * A kept page is used while no post was written by this process since it was rendered, nor its
 * complex changed here (`forget`: a live value, a publish), and for at most `ttlMs` (writes on
 * another instance, a scheduled post coming due, the list's view counts).
 * The signed-in administrator, HEAD, `.data` requests and anything else go to React Router as before.
 */
import { complexPolicy, createNonce } from "./security-headers.js";

/** Stands in for the nonce in a kept page; replaced by each answer's own. */
export const NONCE_PLACEHOLDER = "keptPageNoncePlaceholder";

/** @typedef {import("express").Request} Request */
/** @typedef {import("express").Response} Response */
/** @typedef {import("../app/entry.server").ServerEntry["renderedPress"]} PressPages */
/** @typedef {NonNullable<ReturnType<PressPages["match"]>>} PressPage */
/**
 * A rendered answer as kept: its status and headers, and its body cut at the placeholders.
 * @typedef {{ status: number, headers: [string, string][], parts: string[] | null, generation: string, storedAt: number, keep: boolean }} Kept
 */

const escape = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The middleware. `pages`: the app's hooks (app/press/rendered-pages.server.ts); `render(req, res,
 * context)`: React Router's Response (server/react-router.js); `complexOf(req)`: the request's
 * complex `{ id, policy }` (its id and its CSP sources, server/security-headers.js complexPolicy;
 * `policy` alone serves one complex).
 * @param {{
 *   pages: PressPages,
 *   render: import("./react-router.js").Render,
 *   policy?: import("./security-headers.js").PolicySources,
 *   complexOf?: (req: Request) => { id: string, policy: import("./security-headers.js").PolicySources },
 *   ttlMs?: number,
 *   maxEntries?: number,
 *   now?: () => number,
 * }} options
 * @returns {import("express").RequestHandler & { forget: (complex: string) => void }}
 */
export function renderedCache({
  pages,
  render,
  policy = {},
  complexOf = () => ({ id: "", policy }),
  ttlMs = 2_000,
  maxEntries = 200,
  now = Date.now,
}) {
  /** @type {Map<string, Kept>} */
  const kept = new Map();
  /** @type {Map<string, Promise<Kept>>} */
  const pending = new Map();
  const views = {
    raw: String(pages.placeholder),
    shown: pages.format(pages.placeholder),
  };
  const token = new RegExp(
    `(${[NONCE_PLACEHOLDER, views.shown, views.raw].map(escape).join("|")})`,
  );

  /**
   * @param {Request} req
   * @param {Response} res
   * @param {PressPage} page
   * @param {string} complex
   * @returns {Promise<Kept>}
   */
  async function renderPage(req, res, page, complex) {
    const generation = generationOf(complex);
    const response = await render(req, res, {
      ip: req.ip,
      cspNonce: NONCE_PLACEHOLDER,
      viewsPlaceholder: page.kind === "article",
    });
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    const body = response.body ? await response.text() : null;
    return {
      status: response.status,
      headers,
      // Odd indices are placeholders.
      parts: body === null ? null : body.split(token),
      generation,
      storedAt: now(),
      keep:
        response.status === 200 &&
        body !== null &&
        !headers.some(([name]) => name === "set-cookie"),
    };
  }

  /** Per complex, how many times it changed here (`forget`). @type {Map<string, number>} */
  const changes = new Map();
  /** What a kept page of `complex` must have been rendered at. @param {string} complex */
  const generationOf = (complex) => `${pages.generation()} ${changes.get(complex) ?? 0}`;
  /** @param {Kept | undefined} entry @param {string} complex */
  function fresh(entry, complex) {
    return (
      entry && entry.generation === generationOf(complex) && now() - entry.storedAt < ttlMs && entry
    );
  }

  /** The kept page, or one rendering shared by every request that asks while it runs. */
  /**
   * @param {string} key
   * @param {Request} req
   * @param {Response} res
   * @param {PressPage} page
   * @param {string} complex
   */
  async function pageFor(key, req, res, page, complex) {
    const entry = fresh(kept.get(key), complex);
    if (entry) return entry;
    // A rendering begun before its complex changed is not shared with a request after.
    const shared = `${key} ${generationOf(complex)}`;
    let rendering = pending.get(shared);
    if (!rendering) {
      rendering = renderPage(req, res, page, complex).finally(() => pending.delete(shared));
      pending.set(shared, rendering);
    }
    const rendered = await rendering;
    if (rendered.keep) {
      kept.delete(key);
      kept.set(key, rendered);
      const oldest = kept.keys().next().value;
      if (kept.size > maxEntries && oldest !== undefined) kept.delete(oldest);
    }
    return rendered;
  }

  /** @type {import("express").RequestHandler} */
  const keptPressPages = async (req, res, next) => {
    if (req.method !== "GET") return next();
    const complex = complexOf(req);
    const page = pages.match(complex.id, req.path);
    if (!page || pages.signedIn(req.headers.cookie)) return next();
    // Each complex has its own press pages under the same paths.
    const key = `${complex.id} ${req.originalUrl}`;
    let entry;
    let count;
    try {
      entry = await pageFor(key, req, res, page, complex.id);
      if (page.kind === "article" && entry.status === 200) {
        // Node's headers: a repeated one is an array, which Headers joins with commas.
        const headers = new Headers(/** @type {Record<string, string>} */ (req.headers));
        count = await pages.views(page, headers);
        // No longer visible: React Router answers (the redirect to the list).
        if (count === undefined) {
          kept.delete(key);
          return next();
        }
      }
    } catch {
      // A rendering that failed or was abandoned: React Router answers this request itself.
      return next();
    }
    if (res.headersSent || res.destroyed) return;
    const nonce = createNonce();
    const values = {
      [NONCE_PLACEHOLDER]: nonce,
      [views.shown]: count === undefined ? views.shown : pages.format(count),
      [views.raw]: count === undefined ? views.raw : String(count),
    };
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.append(name, value);
    res.set("Content-Security-Policy", complexPolicy(complex.policy, [`'nonce-${nonce}'`]));
    if (!entry.parts) return void res.end();
    // res.end, not res.send: no ETag to compute, as no two answers are alike.
    const body = Buffer.from(entry.parts.map((part, i) => (i % 2 ? values[part] : part)).join(""));
    res.set("Content-Length", String(body.length));
    res.end(body);
  };
  /**
   * The complex's content changed here (server/app.js rerender: a live value, a publish): its kept
   * pages are rendered again at their next request, not when they expire.
   */
  const forget = (/** @type {string} */ complex) =>
    void changes.set(complex, (changes.get(complex) ?? 0) + 1);
  return Object.assign(keptPressPages, { forget });
}
