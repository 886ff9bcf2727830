/*
 * The recruitment notice PDF uploaded in the console (POST /admin/media/pdf), and the build's
 * sample notices (scripts/artwork/notice-pdf.ts): each page drawn to a picture here, once, so a
 * phone shows pages instead of asking for a PDF plug-in.
 *
 *   - At most 30 MB and 300 pages; a PDF by its content (`%PDF-` at the start, and PDF.js opens
 *     it); a password-protected or broken file is refused with a Korean message, storing nothing.
 *   - Each page is drawn by PDF.js (pdfjs-dist, legacy build for Node) on @napi-rs/canvas at
 *     1600 px wide, with the CMaps and standard fonts of the installed package (a Korean PDF
 *     without embedded fonts still draws), on white; sharp makes WebP at PAGE_WIDTHS (encode),
 *     named by pageUrl:
 *     `media/<hash>-p<n>-<w>.webp`. The PDF itself, `media/<hash>.pdf`, is written last.
 *   - PDF.js runs in this thread: a page is drawn in slices of about 15 ms with the event loop
 *     served between them (RenderTask.onContinue), and one PDF is drawn at a time, so the server
 *     keeps answering while a notice is drawn. A 40-page text notice (A4, Helvetica) took 24 s
 *     on a 2-core machine with lossless pictures only, 37 s with the lossy try (machine shared
 *     with other builds); the longest pause of the event loop was 325 ms (reading a page).
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import sharp from "sharp";
import {
  FILE_LIMITS,
  FILE_MESSAGES,
  PDF_MAX_PAGES,
  type FileUploadAnswer,
} from "~/lib/file-upload";
import { PAGE_WIDTHS, pageUrl } from "~/lib/media-files";
import { mediaStore, type MediaStore } from "./store.server";

export type PdfUploadResult =
  | (Extract<FileUploadAnswer, { ok: true }> & {
      value: NoticePdf;
      /** False when the same bytes were already stored (nothing was written). */
      stored: boolean;
    })
  | (Extract<FileUploadAnswer, { ok: false }> & { status: 400 | 413 | 415 });

/** What the content's `announcement.document` holds (noticeDocumentSchema). */
export type NoticePdf = { src: string; bytes: number; pages: { width: number; height: number }[] };

/** A page drawn: its pictures at each of PAGE_WIDTHS, widest last. */
export type DrawnPage = { width: number; height: number; webp: Map<number, Buffer> };

export type DrawResult =
  | { ok: true; pages: DrawnPage[] }
  | { ok: false; status: 400 | 415; field: "file"; message: string };

/** PDF.js's canvas maker in Node (@napi-rs/canvas), as pdf.js's Node example uses it. */
type Drawing = { canvas: unknown; context: CanvasRenderingContext2D };
type CanvasFactory = { create(width: number, height: number): Drawing; destroy(d: Drawing): void };

const PDFJS_ROOT = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const WIDEST = Math.max(...PAGE_WIDTHS);

const refuse = <S extends 400 | 413 | 415>(status: S, message: string) =>
  ({ ok: false, status, field: "file", message }) as const;

/** `%PDF-` within the first KB, where readers look for it. */
function looksLikePdf(bytes: Uint8Array) {
  return Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");
}

/**
 * A page as WebP: lossless first (a page of type and tables drawn at 1600 px is sharp and small
 * that way: 13–80 KB, where lossy quality 80 took 225 KB), lossy at quality 80 when that comes
 * out over 0.03 bytes a pixel (the 800 px page, whose softened edges lossless keeps at 50–70 KB
 * and lossy at 30–40 KB; a scanned or photographic page), whichever is smaller.
 */
async function encode(image: sharp.Sharp, pixels: number) {
  const lossless = await image.clone().webp({ lossless: true, effort: 1 }).toBuffer();
  if (lossless.length < pixels * 0.03) return lossless;
  const lossy = await image.webp({ quality: 80 }).toBuffer();
  return lossy.length < lossless.length ? lossy : lossless;
}

/** One PDF drawn at a time: another waits for its turn. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Draws every page of `bytes` to WebP at PAGE_WIDTHS, or says why not (not a PDF: 415; broken,
 * locked by a password or over PDF_MAX_PAGES: 400).
 */
export function drawPdf(bytes: Uint8Array): Promise<DrawResult> {
  const turn = queue.then(() => draw(bytes));
  queue = turn.catch(() => undefined);
  return turn;
}

async function draw(bytes: Uint8Array): Promise<DrawResult> {
  if (!looksLikePdf(bytes)) return refuse(415, FILE_MESSAGES.type("pdf"));
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    // PDF.js takes the buffer over (transfers it): give it a copy.
    data: new Uint8Array(bytes),
    cMapUrl: join(PDFJS_ROOT, "cmaps/"),
    cMapPacked: true,
    standardFontDataUrl: join(PDFJS_ROOT, "standard_fonts/"),
    isEvalSupported: false,
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    if ((error as Error).name === "PasswordException")
      return refuse(400, FILE_MESSAGES.pdfPassword);
    return refuse(400, FILE_MESSAGES.broken("pdf"));
  }
  try {
    if (doc.numPages > PDF_MAX_PAGES) return refuse(400, FILE_MESSAGES.tooManyPages(doc.numPages));
    const pages: DrawnPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const natural = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: WIDEST / natural.width });
      const width = WIDEST;
      const height = Math.max(1, Math.round(viewport.height));
      const canvases = doc.canvasFactory as CanvasFactory;
      const { canvas, context } = canvases.create(width, height);
      // A white sheet under the page (a PDF page is transparent where nothing is drawn).
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, width, height);
      const render = page.render({ canvas: null, canvasContext: context, viewport });
      render.onContinue = (next: () => void) => setImmediate(next);
      await render.promise;
      const pixels = context.getImageData(0, 0, width, height).data;
      canvases.destroy({ canvas, context });
      page.cleanup();
      const raw = sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
        raw: { width, height, channels: 4 },
      }).removeAlpha();
      const webp = new Map<number, Buffer>();
      for (const w of PAGE_WIDTHS) {
        const h = Math.max(1, Math.round((height * w) / width));
        webp.set(w, await encode(raw.clone().resize(w, h), w * h));
      }
      const first = Math.min(...PAGE_WIDTHS);
      pages.push({ width: first, height: Math.max(1, Math.round((height * first) / width)), webp });
    }
    return { ok: true, pages };
  } catch {
    return refuse(400, FILE_MESSAGES.broken("pdf"));
  } finally {
    await doc.destroy();
  }
}

function hashOf(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}

/**
 * Checks an uploaded notice, draws its pages and stores them and the PDF (once: the same bytes
 * again store nothing). Answers the content's document and an address showing its first page, or
 * a Korean message with the HTTP status to answer.
 */
export async function processPdfUpload(
  bytes: Uint8Array,
  { store = mediaStore() }: { store?: MediaStore } = {},
): Promise<PdfUploadResult> {
  if (bytes.length > FILE_LIMITS.pdf.maxBytes)
    return refuse(413, FILE_MESSAGES.tooLarge("pdf", bytes.length));
  if (bytes.length === 0) return refuse(400, FILE_MESSAGES.noFile("pdf"));
  if (!looksLikePdf(bytes)) return refuse(415, FILE_MESSAGES.type("pdf"));

  const src = `media/${hashOf(bytes)}.pdf`;
  const drawn = await drawPdf(bytes);
  if (!drawn.ok) return refuse(drawn.status, drawn.message);
  const value: NoticePdf = {
    src,
    bytes: bytes.length,
    pages: drawn.pages.map(({ width, height }) => ({ width, height })),
  };
  const answer = { ok: true as const, value, previewUrl: mediaPageUrl(value, 1) };
  if (await store.has(src)) return { ...answer, stored: false };
  await Promise.all(
    drawn.pages.flatMap((page, i) =>
      [...page.webp].map(([w, webp]) =>
        store.put(storeKey(pageUrl(value, i + 1, w)), webp, "image/webp"),
      ),
    ),
  );
  await store.put(src, bytes, "application/pdf");
  return { ...answer, stored: true };
}

/** The address of a stored page picture (the console's preview). */
const mediaPageUrl = (value: NoticePdf, page: number) => pageUrl(value, page, PAGE_WIDTHS[0]);

/** The store's key of an address under /media/c/: `media/<name>`. */
function storeKey(url: string) {
  return `media/${url.slice(url.lastIndexOf("/") + 1)}`;
}
