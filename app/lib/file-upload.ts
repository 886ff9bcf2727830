/*
 * The rules of the console's file uploads that are not pictures (POST /admin/media/<kind>): a 360°
 * panorama, a film and its captions, the recruitment notice PDF. Shared by the server, which
 * checks each file by its content, and the console's file slots, which check the size and the
 * name before sending: the same limits and the same Korean messages.
 *
 * Every endpoint answers FileUploadAnswer as JSON: `{ ok: true, value, previewUrl? }`, `value`
 * being what the content's slot holds (panoramaSchema, videoFileSchema without its captions, the
 * captions' `src`, noticeDocumentSchema), or `{ ok: false, field: "file", message }` with 400,
 * 413 or 415; a refused file stores nothing.
 */

import type { JobView } from "~/jobs/jobs";

export const FILE_KINDS = ["panorama", "video", "captions", "pdf"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const MB = 1024 * 1024;

export const FILE_LIMITS: Record<
  FileKind,
  { maxBytes: number; accept: string; what: string; types: string }
> = {
  panorama: {
    maxBytes: 40 * MB,
    accept: "image/jpeg,image/png,image/webp",
    what: "파노라마",
    types: "JPEG, PNG, WebP",
  },
  video: { maxBytes: 200 * MB, accept: "video/mp4", what: "영상", types: "MP4(H.264)" },
  captions: { maxBytes: 1 * MB, accept: ".vtt,text/vtt", what: "자막", types: "WebVTT(.vtt)" },
  pdf: { maxBytes: 30 * MB, accept: "application/pdf", what: "모집공고", types: "PDF" },
};

/** The most pixels a panorama may decode to: 64 megapixels (11,314×5,657; 8192×4096 is 33.5). */
export const PANORAMA_MAX_PIXELS = 64_000_000;
/** The most pages a notice may have (each is drawn by a job after upload). */
export const PDF_MAX_PAGES = 300;

/**
 * What a notice's pages may cost to draw (app/media/pdf-worker.mjs), read from each page's size
 * before anything is drawn. A page shorter than an inch (72 pt) on a side, or longer than 5 times
 * its width (or wider than 5 times its height), is refused: no printed notice is, and a
 * `MediaBox [0 0 1 100]` page drawn 1600 px wide was a 1600×160,000 canvas (34 s, 4.25 GB).
 * A page is drawn 1600 px wide, or smaller to stay within 4.5 megapixels (A4, Letter, Legal and B4
 * fit whole: 1600×2264, 1600×2071, 1600×2635, 1600×2263); all pages together within 300
 * megapixels (about 80 A4 pages at full size; a longer notice is drawn smaller, down to about 800
 * px wide at 300 pages, rather than refused). A picture inside a page may hold 50 megapixels (a
 * page scanned at 600 dpi is 35): PDF.js decodes a picture whole whatever size it is drawn at, and
 * a 390 KB page holding one 20000×20000 picture took 31 s and 4.35 GB. A larger one refuses the file.
 */
export const PDF_PAGE_LIMITS = {
  minSide: 72,
  maxAspect: 5,
  pagePixels: 4_500_000,
  totalPixels: 300_000_000,
  imagePixels: 50_000_000,
} as const;

/** The address each kind is uploaded to. */
export const fileUploadPath = (kind: FileKind) => `/admin/media/${kind}`;

function megabytes(bytes: number) {
  return `${(bytes / MB).toFixed(1)}MB`;
}

export const FILE_MESSAGES = {
  noFile: (kind: FileKind) => `올릴 ${FILE_LIMITS[kind].what} 파일을 골라 주세요.`,
  tooLarge: (kind: FileKind, bytes?: number) =>
    `${FILE_LIMITS[kind].what} 파일은 ${FILE_LIMITS[kind].maxBytes / MB}MB 이하만 올릴 수 있습니다${
      bytes === undefined ? "" : ` (고르신 파일: ${megabytes(bytes)})`
    }. 크기를 줄여 다시 올려 주세요.`,
  type: (kind: FileKind, found?: string) =>
    `${FILE_LIMITS[kind].what}은(는) ${FILE_LIMITS[kind].types} 파일만 올릴 수 있습니다${
      found ? ` (고르신 파일: ${found})` : ""
    }. 파일 이름이 아니라 내용으로 확인합니다.`,
  notTwoToOne: (width: number, height: number) =>
    `360° 파노라마는 가로가 세로의 2배(2:1)인 사진이어야 합니다 (고르신 사진: ${width}×${height}). 카메라의 ‘360° 파노라마(등장방형)’로 내보낸 파일을 올려 주세요.`,
  panoramaPixels: (width: number, height: number) =>
    `파노라마는 ${PANORAMA_MAX_PIXELS / 1_000_000}메가픽셀 이하만 올릴 수 있습니다 (고르신 사진: ${width}×${height}). 8192×4096 이하로 줄여 다시 올려 주세요.`,
  tooManyPages: (pages: number) =>
    `모집공고는 ${PDF_MAX_PAGES}쪽 이하만 올릴 수 있습니다 (고르신 파일: ${pages}쪽).`,
  pdfPageSize: (page: number, width: number, height: number) =>
    `모집공고의 ${page}쪽은 크기(${width}×${height}pt)가 보통 문서와 달라 그릴 수 없습니다. 한 변이 1인치(72pt) 이상이고 가로세로 비율이 1:${PDF_PAGE_LIMITS.maxAspect} 이내인 쪽(A4 등)으로 저장해 다시 올려 주세요.`,
  pdfImageTooLarge: (page: number) =>
    `모집공고의 ${page}쪽에 너무 큰 그림이 있습니다 (그림 하나에 ${PDF_PAGE_LIMITS.imagePixels / 1_000_000}메가픽셀까지). 스캔한 쪽은 600dpi 이하로, 그림은 줄여서 PDF를 다시 저장해 올려 주세요.`,
  pdfTooSlow:
    "모집공고를 그리는 데 너무 오래 걸려 멈췄습니다. 쪽 수를 줄이거나 인쇄용(PDF/A 등)으로 다시 저장해 올려 주세요.",
  /** The work queue is full (app/media/one-at-a-time.server.ts): 503 with Retry-After. */
  busy: (kind: FileKind) =>
    `지금 처리 중인 ${FILE_LIMITS[kind].what} 파일이 많습니다. 30초쯤 뒤에 다시 올려 주세요.`,
  pdfPassword: "암호가 걸린 PDF는 올릴 수 없습니다. 암호를 푼 PDF로 저장해 다시 올려 주세요.",
  broken: (kind: FileKind) =>
    `${FILE_LIMITS[kind].what} 파일을 읽을 수 없습니다. 파일이 손상되었을 수 있으니 다른 파일로 다시 올려 주세요.`,
  unreadable: "요청을 읽지 못했습니다. 다시 시도해 주세요.",
} as const;

export type FileUploadAnswer =
  | {
      ok: true;
      value: Record<string, unknown> | string;
      previewUrl?: string;
      /** The work on the file still to do (a notice's pages drawn), when there is any. */
      job?: JobView | null;
    }
  | { ok: false; field: "file"; message: string };
