/*
 * The rules of a picture upload (POST /admin/media, app/media/upload.server.ts), for the server and
 * for the console's upload field, which can check a file before sending it: the same limits and
 * the same Korean messages.
 */

import type { JobView } from "~/jobs/jobs";

/** The largest picture file: 20 MB. */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The most pixels a raster picture may have: 34 megapixels, read from its header before it is
 * decoded (a 36 KB PNG can unpack to 7000×5500). An 8K render (7680×4320, 33.2 MP), a camera's
 * full size (6000×4000) and a phone's (4032×3024) fit; pages show a photo at most 1920 px wide.
 * A 7000×5500 PNG (38.5 MP) took 31 s and 2 GB to make its variants on a 2-core machine, and two
 * of them at once held the server for a minute (issue 38): beyond this the person uploading gains
 * nothing, and pictures are made one at a time (app/media/one-at-a-time.server.ts).
 */
export const MEDIA_MAX_PIXELS = 34_000_000;
/** The longest alt text. */
export const MEDIA_ALT_MAX = 300;
/** The types the file picker offers; the server checks the content, never the name or this type. */
export const MEDIA_ACCEPT = "image/jpeg,image/png,image/webp,image/svg+xml";

function megabytes(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

export const MEDIA_MESSAGES = {
  noFile: "올릴 사진 파일을 골라 주세요.",
  tooLarge: (bytes: number) =>
    `사진은 ${MEDIA_MAX_BYTES / 1024 / 1024}MB 이하만 올릴 수 있습니다 (고르신 파일: ${megabytes(bytes)}). 크기를 줄여 다시 올려 주세요.`,
  /** When the size is not known (the server refused the body before the application read it). */
  requestTooLarge: `사진은 ${MEDIA_MAX_BYTES / 1024 / 1024}MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.`,
  type: (found?: string) =>
    `JPEG, PNG, WebP, SVG 사진만 올릴 수 있습니다${found ? ` (고르신 파일: ${found})` : ""}. 파일 이름이 아니라 내용으로 확인합니다.`,
  tooManyPixels: (width: number, height: number) =>
    `사진은 ${MEDIA_MAX_PIXELS / 1_000_000}메가픽셀(${(MEDIA_MAX_PIXELS / 10_000).toLocaleString("en-US")}만 화소) 이하만 올릴 수 있습니다 (고르신 사진: ${width}×${height}, ${Math.round((width * height) / 1_000_000)}메가픽셀). 크기를 줄여 다시 올려 주세요.`,
  /** The work queue is full (app/media/one-at-a-time.server.ts): 503 with Retry-After. */
  busy: "지금 처리 중인 사진이 많습니다. 30초쯤 뒤에 다시 올려 주세요.",
  broken: "사진 파일을 읽을 수 없습니다. 파일이 손상되었을 수 있으니 다른 파일로 다시 올려 주세요.",
  altMissing:
    "대체 텍스트를 입력해 주세요. 사진을 볼 수 없는 분께 읽어 주는 설명입니다 (예: 단지 정문 야경).",
  altTooLong: `대체 텍스트는 ${MEDIA_ALT_MAX}자 이하로 써 주세요.`,
  unreadable: "요청을 읽지 못했습니다. 다시 시도해 주세요.",
} as const;

/** What POST /admin/media answers (docs/decisions/032-media-store.md). */
export type MediaUploadAnswer =
  | {
      ok: true;
      image: { src: string; width: number; height: number; alt: string };
      previewUrl: string;
      /** A large picture's variants being made (app/jobs/jobs.ts), when they are. */
      job?: JobView | null;
    }
  | { ok: false; field: "file" | "alt"; message: string };
