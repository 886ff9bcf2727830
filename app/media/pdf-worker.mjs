// @ts-check
/*
 * Draws a notice PDF's pages to WebP in a worker thread (app/media/pdf.server.ts starts one per
 * PDF, with a memory limit, one at a time): PDF.js (pdfjs-dist, legacy build for Node) on
 * @napi-rs/canvas, then sharp. Plain JavaScript, as Node runs it: the same file for the tests, the
 * build's sample notices and the built server (which bundles pdf.server.ts but not this file).
 *
 * workerData: { bytes, widths, maxPages, minSide, maxAspect, pagePixels, totalPixels, imagePixels,
 * mode, only }. `mode` "plan": every page's size is read and checked, nothing drawn; "draw" (the
 * default): the pages are drawn, those numbered in `only` (from 1) when it is given, all otherwise.
 * Posts a message per page drawn, as soon as it is: { type: "page", n, width, height, drawn: [w, h],
 * webp: [[w, bytes]] } (the notice job stores it and says how far it got); then one last message:
 * { type: "end", ok: true, pages: [{ width, height }] } (every page's size as the content keeps it),
 * or { type: "end", ok: false, reason: "broken" | "password" | "pages" | "page" | "image", pages?, page?, size? }.
 *
 * Every page's size is read (page.getViewport) before any canvas is made, and planned by
 * planPages (pdf-plan.mjs: an unreasonable page refuses the file; each page and all pages
 * within a pixel budget); each picture is at most the drawn width, never enlarged.
 *
 * A picture inside a page over `imagePixels` is not decoded (PDF.js's maxImageSize: it decodes a
 * picture whole, whatever size it is drawn at, into memory the heap limit does not bound): PDF.js
 * leaves it out of the page and says so only as a warning, which is caught here, and the file is
 * refused naming the page ("image") rather than published without the picture.
 */
import { Buffer } from "node:buffer";
import console from "node:console";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { planPages } from "./pdf-plan.mjs";

/** @type {{ bytes: Uint8Array, widths: number[], maxPages: number, minSide: number, maxAspect: number, pagePixels: number, totalPixels: number, imagePixels: number, mode?: "plan" | "draw", only?: number[] }} */
const job = workerData;

/**
 * PDF.js's warnings (verbosity 1) go to console.warn, in this thread (its "fake worker" runs here):
 * the one that says a picture was left out for its size is remembered; the others stay unsaid, as
 * at verbosity 0.
 */
const LEFT_OUT = "Image exceeded maximum allowed size";
let leftOut = false;
const warn = console.warn;
console.warn = (/** @type {unknown[]} */ ...args) => {
  const text = String(args[0]);
  if (text.includes(LEFT_OUT)) leftOut = true;
  else if (!text.startsWith("Warning: ")) warn(...args);
};
const PDFJS_ROOT = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const WIDEST = Math.max(...job.widths);
const FIRST = Math.min(...job.widths);

/**
 * A page as WebP: lossless first (a page of type and tables drawn at 1600 px is sharp and small
 * that way: 13–80 KB, where lossy quality 80 took 225 KB), lossy at quality 80 when that comes
 * out over 0.03 bytes a pixel (the 800 px page, whose softened edges lossless keeps at 50–70 KB
 * and lossy at 30–40 KB; a scanned or photographic page), whichever is smaller.
 * @param {import("sharp").Sharp} image
 * @param {number} pixels
 */
async function encode(image, pixels) {
  const lossless = await image.clone().webp({ lossless: true, effort: 1 }).toBuffer();
  if (lossless.length < pixels * 0.03) return lossless;
  const lossy = await image.webp({ quality: 80 }).toBuffer();
  return lossy.length < lossless.length ? lossy : lossless;
}

/** @returns {Promise<Record<string, unknown>>} */
async function draw() {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: job.bytes,
    cMapUrl: join(PDFJS_ROOT, "cmaps/"),
    cMapPacked: true,
    standardFontDataUrl: join(PDFJS_ROOT, "standard_fonts/"),
    isEvalSupported: false,
    // Each picture at most imagePixels, and the canvases PDF.js makes for pictures as much.
    maxImageSize: job.imagePixels,
    canvasMaxAreaInBytes: job.imagePixels * 4,
    // Warnings, for the one about a picture left out (console.warn above).
    verbosity: 1,
  });
  /** @type {Awaited<typeof task.promise>} */
  let doc;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    return {
      ok: false,
      reason: error instanceof Error && error.name === "PasswordException" ? "password" : "broken",
    };
  }
  try {
    if (doc.numPages > job.maxPages) return { ok: false, reason: "pages", pages: doc.numPages };
    // Every page's size first, before anything is drawn.
    /** @type {{ width: number, height: number }[]} */
    const sizes = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      page.cleanup();
      sizes.push({ width, height });
    }
    const plan = planPages(sizes, WIDEST, job);
    if (!plan.ok) return { ok: false, reason: "page", page: plan.page, size: plan.size };
    // The page's shape as the content keeps it: FIRST wide, as at the widest width.
    const pages = sizes.map(({ width: w, height: h }) => {
      const tall = Math.max(1, Math.round((h * WIDEST) / w));
      return { width: FIRST, height: Math.max(1, Math.round((tall * FIRST) / WIDEST)) };
    });
    if (job.mode === "plan") return { ok: true, pages };

    // sharp only to draw (reading the sizes at upload stays quick).
    const { default: sharp } = await import("sharp");
    const only = job.only ? new Set(job.only) : null;
    for (const [i, { width: w }] of sizes.entries()) {
      if (only && !only.has(i + 1)) continue;
      const page = await doc.getPage(i + 1);
      const [width, height] = plan.drawn[i] ?? [1, 1];
      // The page's scale to its drawn width (its height follows within a pixel).
      const viewport = page.getViewport({ scale: width / w });
      const canvases =
        /** @type {{ create(w: number, h: number): { canvas: unknown, context: CanvasRenderingContext2D }, destroy(d: unknown): void }} */ (
          /** @type {unknown} */ (doc.canvasFactory)
        );
      const drawing = canvases.create(width, height);
      const { context } = drawing;
      // A white sheet under the page (a PDF page is transparent where nothing is drawn).
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, width, height);
      leftOut = false;
      await page.render({ canvas: null, canvasContext: context, viewport }).promise;
      if (leftOut) {
        canvases.destroy(drawing);
        return { ok: false, reason: "image", page: i + 1 };
      }
      const pixels = context.getImageData(0, 0, width, height).data;
      canvases.destroy(drawing);
      page.cleanup();
      const raw = sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
        raw: { width, height, channels: 4 },
      }).removeAlpha();
      /** @type {[number, Uint8Array][]} */
      const webp = [];
      for (const want of job.widths) {
        const pw = Math.min(want, width);
        const ph = Math.max(1, Math.round((height * pw) / width));
        webp.push([want, await encode(raw.clone().resize(pw, ph), pw * ph)]);
      }
      // Copied to the main thread (a few hundred KB of WebP): sharp's buffers are not always
      // transferable.
      parentPort?.postMessage({
        type: "page",
        n: i + 1,
        ...pages[i],
        drawn: [width, height],
        webp,
      });
    }
    return { ok: true, pages };
  } catch {
    return { ok: false, reason: "broken" };
  } finally {
    await doc.destroy();
  }
}

parentPort?.postMessage({ type: "end", ...(await draw()) });
