/*
 * Addresses of the files that are not pictures (content schema: videoFileSchema, panoramaSchema,
 * noticeDocumentSchema), for the pages, the console and the server alike.
 *
 * A file's `src` is one of:
 *   - an upload, `media/<hash>….<ext>`, served by the media store at /media/c/…;
 *   - a build drawing, `art/<id>/….<ext>`, or a shared sample, `video/….mp4`: served from /img/….
 * A panorama and a notice PDF come with files made from them (at upload, or by the build's
 * generator), named after the source: `<base>-<width>.jpg` for a panorama,
 * `<base>-p<page>-<width>.webp` for a page of a PDF, `<base>` being the `src` without its
 * extension (and, for an upload, without its `-<W>x<H>` size).
 */
import { MEDIA_PATH } from "./images";

/** An uploaded file's `src`: 16 hex digits of its sha256, then its own size or nothing. */
const MEDIA_FILE_SRC = /^media\/([0-9a-f]{16})(?:-([0-9]{1,5})x([0-9]{1,5}))?\.(mp4|vtt|pdf|jpg)$/;

/** The address of a file kept as uploaded or drawn: the film, the captions, the PDF. */
export function fileUrl(src: string): string {
  return src.startsWith("media/") ? `${MEDIA_PATH}${src.slice("media/".length)}` : `/img/${src}`;
}

/** What a derived file's name starts with. */
function baseOf(src: string): string {
  const media = MEDIA_FILE_SRC.exec(src);
  if (media) return `${MEDIA_PATH}${media[1]}`;
  return fileUrl(src).replace(/\.[a-z0-9]+$/, "");
}

/**
 * The widths a panorama is kept at: a small preview that shows first (blurred, while the full one
 * loads), one a phone's graphics can hold (4096 px is the largest texture most phones take; 2048
 * is safe on every one) and one for large screens.
 */
export const PANORAMA_PREVIEW_WIDTH = 512;
const PANORAMA_WIDTHS = [PANORAMA_PREVIEW_WIDTH, 2048, 4096] as const;

/** The widths kept of a panorama `width` px wide (never wider than itself). */
export function panoramaWidths(width: number): number[] {
  const widths: number[] = PANORAMA_WIDTHS.filter((w) => w < width);
  return width <= 4096 ? [...widths, width] : widths;
}

/** The address of a panorama at `width` (one of panoramaWidths). */
export function panoramaUrl(panorama: { src: string }, width: number): string {
  return `${baseOf(panorama.src)}-${width}.jpg`;
}

/** Widths of a notice page's picture: the page in the list (a phone's screen, twice) and zoomed in. */
export const PAGE_WIDTHS = [800, 1600] as const;

/** The address of page `page` (from 1) of a notice PDF at `width` (one of PAGE_WIDTHS). */
export function pageUrl(document: { src: string }, page: number, width: number): string {
  return `${baseOf(document.src)}-p${page}-${width}.webp`;
}

/** The YouTube id of an address (watch, youtu.be, embed, shorts, nocookie) or of a bare id; else null. */
export function youtubeId(src: string): string | null {
  if (/^[A-Za-z0-9_-]{11}$/.test(src)) return src;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.slice(1).split("/")[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, kind, value] = url.pathname.split("/");
    if (kind === "watch") id = url.searchParams.get("v");
    else if (kind === "embed" || kind === "shorts" || kind === "live" || kind === "v")
      id = value ?? null;
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

/** Where YouTube films play from: the privacy-enhanced host (no cookies until the film plays). */
export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";
