/*
 * The recruitment notice PDF uploaded in the console (POST /admin/media/pdf), and the build's
 * sample notices (scripts/artwork/notice-pdf.ts): each page drawn to a picture here, once, so a
 * phone shows pages instead of asking for a PDF plug-in.
 *
 *   - At most 30 MB and 300 pages; a PDF by its content (`%PDF-` at the start, and PDF.js opens
 *     it); a password-protected or broken file is refused with a Korean message, storing nothing.
 *   - Each page's size is read before anything is drawn: a page under an inch (72 pt) on a side
 *     or beyond 1:5 is refused in Korean (PDF_PAGE_LIMITS). Each page is then drawn by PDF.js
 *     (pdfjs-dist, legacy build for Node) on @napi-rs/canvas at 1600 px wide, or smaller to stay
 *     within 4.5 megapixels a page and 300 for the file, with the CMaps and standard fonts of the
 *     installed package, on white; sharp makes WebP at PAGE_WIDTHS (never wider than the drawing),
 *     named by pageUrl: `media/<hash>-p<n>-<w>.webp`.
 *   - An upload (processPdfUpload) is checked and its pages' sizes read (planPdf: well under a
 *     second for 40 pages), the PDF stored, `media/<hash>.pdf`, and the drawing queued as a job
 *     (app/jobs/jobs.server.ts, "notice-pages"): the upload answers at once with the content's
 *     document and the job, whose progress the console shows ("3 / 40쪽 그리는 중"). The job
 *     (drawNoticePages) writes each page by its number, its widest picture last, and skips the
 *     pages already there: a job taken again after a restart finishes the rest, never a page twice.
 *     A failure the file is at fault for (a picture too large on a page) fails the job with its
 *     Korean message; a crashed worker is tried again.
 *   - The drawing runs in a worker thread (app/media/pdf-worker.mjs, pdf-plan.mjs), one PDF at a
 *     time, with a 512 MB heap and a time limit: the request thread keeps answering. The
 *     canvas and sharp's pixels are native memory, outside the heap limit: the pixel budgets bound
 *     them. A 1×100 pt page took 34 s and 4.25 GB before its 400 when drawn here; now it is refused
 *     in about a second.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import {
  FILE_LIMITS,
  FILE_MESSAGES,
  PDF_MAX_PAGES,
  PDF_PAGE_LIMITS,
  type FileUploadAnswer,
} from "~/lib/file-upload";
import {
  enqueueJob,
  JobFailure,
  jobsFor,
  type ClaimedJob,
  type JobContext,
  type JobView,
} from "~/jobs/jobs.server";
import { PAGE_WIDTHS, pageUrl } from "~/lib/media-files";
import { oneAtATime, QueueFull } from "./one-at-a-time.server";
import { mediaStore, type MediaStore } from "./store.server";

export type PdfUploadResult =
  | (Extract<FileUploadAnswer, { ok: true }> & {
      value: NoticePdf;
      /** False when the same bytes were already stored (nothing was written). */
      stored: boolean;
      /** The drawing of its pages (null: they were all drawn before jobs were). */
      job: JobView | null;
    })
  | (Extract<FileUploadAnswer, { ok: false }> & { status: 400 | 413 | 415 | 503 });

/** What the content's `announcement.document` holds (noticeDocumentSchema). */
export type NoticePdf = { src: string; bytes: number; pages: { width: number; height: number }[] };

/** A page drawn: its pictures at each of PAGE_WIDTHS, widest last. */
export type DrawnPage = {
  width: number;
  height: number;
  /** The size the page was drawn at (within PDF_PAGE_LIMITS): the widest picture's size. */
  drawn: [number, number];
  webp: Map<number, Buffer>;
};

export type DrawResult =
  | { ok: true; pages: DrawnPage[] }
  | { ok: false; status: 400 | 415 | 503; field: "file"; message: string };

/**
 * Where app/media/pdf-worker.mjs is: beside this module (the sources: tests, the build's sample
 * notices), from the server bundle in <app>/build/server/, or under the working directory (the
 * server runs from the app's folder: a build elsewhere, BUILD_DIR=/srv/out, finds it there); the
 * first that exists, or null. The worker is plain JavaScript and never bundled; it imports sharp
 * and pdfjs-dist from the app's node_modules.
 */
export function findPdfWorker(moduleUrl: string | URL = import.meta.url, cwd = process.cwd()) {
  const candidates = [
    new URL("./pdf-worker.mjs", moduleUrl),
    new URL("../../app/media/pdf-worker.mjs", moduleUrl),
    pathToFileURL(join(cwd, "app/media/pdf-worker.mjs")),
  ];
  return candidates.find((url) => url.protocol === "file:" && existsSync(url)) ?? null;
}

let worker: URL | null | undefined;

/** The worker's heap (PDF.js's objects; the canvas and sharp's pixels are native, bounded by the page budgets). */
const WORKER_HEAP_MB = 512;
/** A drawing that takes longer is stopped and refused (a 40-page notice takes under a minute). */
const DRAW_TIMEOUT_MS = 180_000;
/** A job's drawing, off the request: a 300-page notice takes about 3 minutes. */
const JOB_DRAW_TIMEOUT_MS = 15 * 60_000;
/** Reading the pages' sizes at upload (a few hundred milliseconds). */
const PLAN_TIMEOUT_MS = 30_000;

const refuse = <S extends 400 | 413 | 415 | 503>(status: S, message: string) =>
  ({ ok: false, status, field: "file", message }) as const;

/** `%PDF-` within the first KB, where readers look for it. */
function looksLikePdf(bytes: Uint8Array) {
  return Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");
}

/** PDFs waiting their turn, each holding its bytes (up to 30 MB): one more is answered 503. */
export const PDFS_WAITING = 2;

/** One PDF drawn at a time: another waits for its turn (app/media/one-at-a-time.server.ts). */
const pdfWork = oneAtATime(PDFS_WAITING);
/** One upload's pages read at a time: apart from the drawing, so an upload never waits for one. */
const planWork = oneAtATime(PDFS_WAITING);

/**
 * Draws every page of `bytes` to WebP at PAGE_WIDTHS, or says why not (not a PDF: 415; broken,
 * locked by a password, over PDF_MAX_PAGES, a page of an unreasonable size or shape, or too
 * costly to draw: 400; PDFS_WAITING already waiting: 503). `signal`: the upload's request; aborted
 * while the PDF waits, it is never drawn, and while it is drawn, the drawing is stopped.
 */
export async function drawPdf(bytes: Uint8Array, signal?: AbortSignal): Promise<DrawResult> {
  try {
    return await pdfWork(() => draw(bytes, signal), signal);
  } catch (error) {
    if (error instanceof QueueFull) return refuse(503, FILE_MESSAGES.busy("pdf"));
    if (signal?.aborted) return refuse(400, FILE_MESSAGES.unreadable);
    throw error;
  }
}

/** A page as the worker posts it, as soon as it is drawn. */
type WorkerPage = {
  n: number;
  width: number;
  height: number;
  drawn: [number, number];
  webp: [number, Uint8Array][];
};

type WorkerAnswer =
  | { ok: true; pages: { width: number; height: number }[] }
  | {
      ok: false;
      reason: "broken" | "password" | "pages" | "page" | "image" | "timeout" | "crashed";
      pages?: number;
      page?: number;
      size?: [number, number];
    };

type WorkerMessage = ({ type: "page" } & WorkerPage) | ({ type: "end" } & WorkerAnswer);

/**
 * Runs app/media/pdf-worker.mjs on `bytes` (mode "plan": the pages' sizes; "draw": the pages in
 * `only`, or all), handing each page drawn to `onPage` in order: its answer, once every `onPage`
 * has ended; "crashed" when the worker failed or ran out of memory (logged), or `onPage` threw.
 */
function inWorker(
  bytes: Uint8Array,
  {
    mode = "draw",
    only,
    onPage,
    signal,
    timeoutMs = DRAW_TIMEOUT_MS,
  }: {
    mode?: "plan" | "draw";
    only?: number[];
    onPage?: (page: WorkerPage) => Promise<void> | void;
    signal?: AbortSignal;
    timeoutMs?: number;
  } = {},
): Promise<WorkerAnswer> {
  if (worker === undefined) worker = findPdfWorker();
  if (worker === null) {
    console.error(
      `[pdf] app/media/pdf-worker.mjs를 찾지 못해 모집공고를 그리지 못했습니다 (${import.meta.url}, 작업 폴더 ${process.cwd()}): 서버를 앱 폴더에서 실행하세요`,
    );
    return Promise.resolve({ ok: false, reason: "crashed" });
  }
  const file = worker;
  return new Promise((resolve) => {
    const worker = new Worker(file, {
      workerData: {
        bytes: new Uint8Array(bytes),
        widths: [...PAGE_WIDTHS],
        maxPages: PDF_MAX_PAGES,
        ...PDF_PAGE_LIMITS,
        mode,
        only,
      },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64 },
      stdout: true,
      stderr: true,
    });
    let answer: WorkerAnswer = { ok: false, reason: "crashed" };
    // The pages handed on one after another; a failure there stops the worker.
    let pages: Promise<void> = Promise.resolve();
    let pageFailed = false;
    const timer = setTimeout(() => {
      answer = { ok: false, reason: "timeout" };
      void worker.terminate();
    }, timeoutMs);
    const stop = () => void worker.terminate();
    signal?.addEventListener("abort", stop, { once: true });
    worker.on("message", ({ type, ...message }: WorkerMessage) => {
      if (type === "end") answer = message as WorkerAnswer;
      else if (onPage) {
        const page = message as WorkerPage;
        pages = pages
          .then(() => (pageFailed ? undefined : onPage(page)))
          .catch((error: unknown) => {
            if (!pageFailed) console.error("[pdf] 그린 쪽을 저장하지 못했습니다:", error);
            pageFailed = true;
            void worker.terminate();
          });
      }
    });
    // A worker that could not start or failed (out of memory included): said to the operator; the
    // upload gets the Korean "broken" refusal, a job is tried again.
    worker.on("error", (error) =>
      console.error("[pdf] 모집공고를 그리는 작업 스레드 오류:", error),
    );
    worker.on("exit", () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
      void pages.then(() =>
        resolve(pageFailed || signal?.aborted ? { ok: false, reason: "crashed" } : answer),
      );
    });
  });
}

/** The Korean refusal of a worker's answer. */
function refusalOf(answer: Extract<WorkerAnswer, { ok: false }>) {
  switch (answer.reason) {
    case "password":
      return refuse(400, FILE_MESSAGES.pdfPassword);
    case "pages":
      return refuse(400, FILE_MESSAGES.tooManyPages(answer.pages ?? 0));
    case "page":
      return refuse(400, FILE_MESSAGES.pdfPageSize(answer.page ?? 0, ...(answer.size ?? [0, 0])));
    case "image":
      return refuse(400, FILE_MESSAGES.pdfImageTooLarge(answer.page ?? 0));
    case "timeout":
      return refuse(400, FILE_MESSAGES.pdfTooSlow);
    default:
      return refuse(400, FILE_MESSAGES.broken("pdf"));
  }
}

async function draw(bytes: Uint8Array, signal?: AbortSignal): Promise<DrawResult> {
  if (!looksLikePdf(bytes)) return refuse(415, FILE_MESSAGES.type("pdf"));
  const drawn: DrawnPage[] = [];
  const answer = await inWorker(bytes, {
    signal,
    onPage: ({ width, height, drawn: size, webp }) => {
      drawn.push({
        width,
        height,
        drawn: size,
        webp: new Map(webp.map(([w, b]) => [w, Buffer.from(b)])),
      });
    },
  });
  if (answer.ok) return { ok: true, pages: drawn };
  return refusalOf(answer);
}

/**
 * Every page's size as the content keeps it, read and checked without drawing anything (not a
 * PDF, broken, locked, too many pages, a page of an unreasonable size: the same refusals as
 * drawPdf; PDFS_WAITING already waiting: 503).
 */
export async function planPdf(
  bytes: Uint8Array,
  signal?: AbortSignal,
): Promise<
  | { ok: true; pages: { width: number; height: number }[] }
  | { ok: false; status: 400 | 415 | 503; field: "file"; message: string }
> {
  if (!looksLikePdf(bytes)) return refuse(415, FILE_MESSAGES.type("pdf"));
  try {
    const answer = await planWork(
      () => inWorker(bytes, { mode: "plan", signal, timeoutMs: PLAN_TIMEOUT_MS }),
      signal,
    );
    return answer.ok ? answer : refusalOf(answer);
  } catch (error) {
    if (error instanceof QueueFull) return refuse(503, FILE_MESSAGES.busy("pdf"));
    if (signal?.aborted) return refuse(400, FILE_MESSAGES.unreadable);
    throw error;
  }
}

function hashOf(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}

/**
 * Checks an uploaded notice and reads its pages' sizes, stores the PDF and queues the drawing of
 * its pages (once: the same bytes again store nothing and queue nothing, unless their drawing
 * failed). Answers the content's document, an address showing its first page (once drawn) and
 * the job, or a Korean message with the HTTP status to answer.
 */
export async function processPdfUpload(
  bytes: Uint8Array,
  {
    store = mediaStore(),
    signal,
    siteId = null,
  }: { store?: MediaStore; signal?: AbortSignal; siteId?: string | null } = {},
): Promise<PdfUploadResult> {
  if (bytes.length > FILE_LIMITS.pdf.maxBytes)
    return refuse(413, FILE_MESSAGES.tooLarge("pdf", bytes.length));
  if (bytes.length === 0) return refuse(400, FILE_MESSAGES.noFile("pdf"));
  if (!looksLikePdf(bytes)) return refuse(415, FILE_MESSAGES.type("pdf"));

  const src = `media/${hashOf(bytes)}.pdf`;
  const planned = await planPdf(bytes, signal);
  if (!planned.ok) return refuse(planned.status, planned.message);
  const value: NoticePdf = { src, bytes: bytes.length, pages: planned.pages };
  const answer = { ok: true as const, value, previewUrl: mediaPageUrl(value, 1) };

  const stored = await store.has(src);
  let job: JobView | null = (await jobsFor([src]))[src] ?? null;
  // A notice stored before its pages were drawn as jobs has all of them already.
  const drawnBefore = stored && !job && (await missingPages(store, value)).length === 0;
  if (!stored) await store.put(src, bytes, "application/pdf");
  if (!drawnBefore && (!job || job.status === "failed"))
    job = await enqueueJob({
      kind: "notice-pages",
      subject: src,
      siteId,
      input: { src, pages: value.pages.length } satisfies NoticeJobInput,
      total: value.pages.length,
    });
  return { ...answer, stored: !stored, job };
}

type NoticeJobInput = { src: string; pages: number };

/** The store's key of page `n`'s picture at `width`. */
const pageKey = (src: string, n: number, width: number) => storeKey(pageUrl({ src }, n, width));
const WIDEST = Math.max(...PAGE_WIDTHS);

/** The numbers of the pages not stored whole (a page's widest picture is written last). */
async function missingPages(store: MediaStore, value: { src: string; pages: unknown[] }) {
  const missing: number[] = [];
  for (let n = 1; n <= value.pages.length; n++)
    if (!(await store.has(pageKey(value.src, n, WIDEST)))) missing.push(n);
  return missing;
}

/**
 * The job "notice-pages": draws the pages of the stored notice not yet stored, in a worker, and
 * stores each as soon as it is drawn, by its number (a job taken again after a restart draws only
 * the rest), saying how far it got.
 */
export async function drawNoticePages(
  job: ClaimedJob,
  { progress, signal }: JobContext,
  store: MediaStore = mediaStore(),
): Promise<void> {
  const { src, pages } = job.input as NoticeJobInput;
  const pdf = await store.get(src);
  if (!pdf) throw new JobFailure(FILE_MESSAGES.broken("pdf"));
  const missing = await missingPages(store, { src, pages: Array.from({ length: pages }) });
  let done = pages - missing.length;
  await progress(done, pages);
  if (!missing.length) return;
  const answer = await inWorker(new Uint8Array(pdf.bytes), {
    only: missing,
    signal,
    timeoutMs: JOB_DRAW_TIMEOUT_MS,
    onPage: async ({ n, webp }) => {
      // Narrowest first: the widest picture says the page is whole.
      for (const [w, bytes] of [...webp].sort(([a], [b]) => a - b))
        await store.put(pageKey(src, n, w), bytes, "image/webp");
      await progress(++done, pages);
    },
  });
  if (signal.aborted) throw signal.reason;
  if (answer.ok) return;
  if (answer.reason === "crashed") throw new Error("모집공고를 그리는 작업 스레드가 멈췄습니다");
  throw new JobFailure(refusalOf(answer).message);
}

/** The address of a stored page picture (the console's preview). */
const mediaPageUrl = (value: NoticePdf, page: number) => pageUrl(value, page, PAGE_WIDTHS[0]);

/** The store's key of an address under /media/c/: `media/<name>`. */
function storeKey(url: string) {
  return `media/${url.slice(url.lastIndexOf("/") + 1)}`;
}
